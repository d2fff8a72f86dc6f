# csp_set_warnings(target): the project's warning flags, on our own targets only.
function(csp_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(CSP_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
