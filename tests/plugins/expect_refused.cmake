# Runs PROGRAM ARGS --plugin PLUGIN (ARGS: words separated by spaces) and checks that it exits with status 2 and
# prints PATTERN (a regular expression) on standard error, with nothing on standard output.
separate_arguments(words UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${PROGRAM} ${words} --plugin ${PLUGIN}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 2)
  message(FATAL_ERROR "exit status ${status}, not 2\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${PATTERN}")
  message(FATAL_ERROR "standard error does not match '${PATTERN}':\n${err}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "something on standard output:\n${out}")
endif()
message(STATUS "refused, exit status 2: ${err}")
