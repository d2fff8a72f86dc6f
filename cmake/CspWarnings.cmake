# csp_set_warnings(target): the project's warning flags (and sanitizers, when CSP_SANITIZE is set), on our own
# targets only.
set(CSP_SANITIZE "" CACHE STRING "Sanitizers for our targets, e.g. address,undefined (empty: none)")

function(csp_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(CSP_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(CSP_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=${CSP_SANITIZE} -fno-omit-frame-pointer
                                             -fno-sanitize-recover=all)
    target_link_options(${target} PUBLIC -fsanitize=${CSP_SANITIZE})
  endif()
endfunction()
