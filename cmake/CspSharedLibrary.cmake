# csp_soname(OUT PREFIX STEM FALLBACK): the SONAME of the library named STEM (e.g. cairo for libcairo.so) among the
# full paths pkg_check_modules(PREFIX ...) found (PREFIX_LINK_LIBRARIES), read with objdump; FALLBACK when it cannot
# be read. csp opens its drawing libraries (cairo, Graphviz) on first use by that name (models/src/shared_library.hpp)
# rather than linking them, so that a run that draws nothing never loads them.
function(csp_soname out prefix stem fallback)
  set(name "${fallback}")
  foreach(path IN LISTS ${prefix}_LINK_LIBRARIES)
    get_filename_component(file "${path}" NAME)
    if(file MATCHES "^lib${stem}\\.so" AND CMAKE_OBJDUMP)
      execute_process(COMMAND ${CMAKE_OBJDUMP} -p "${path}" OUTPUT_VARIABLE dump ERROR_QUIET RESULT_VARIABLE rc)
      if(rc EQUAL 0 AND dump MATCHES "SONAME +([^ \n]+)")
        set(name "${CMAKE_MATCH_1}")
      endif()
    endif()
  endforeach()
  set(${out} "${name}" PARENT_SCOPE)
endfunction()
