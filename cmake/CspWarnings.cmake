# csp_set_warnings(target): the project's warning flags, target architecture (CSP_ARCH) and sanitizers (CSP_SANITIZE),
# on our own targets only.
set(CSP_SANITIZE "" CACHE STRING "Sanitizers for our targets, e.g. address,undefined (empty: none)")
# Domains are bitsets: without a POPCNT instruction every size() is a library call (measured: 19% of Sudoku time).
# x86-64-v2 (2009 and later CPUs) has it. Set to "" to build for the plain x86-64 baseline.
set(CSP_ARCH_DEFAULT "")
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(CSP_ARCH_DEFAULT "x86-64-v2")
endif()
set(CSP_ARCH "${CSP_ARCH_DEFAULT}" CACHE STRING "-march for our targets (empty: compiler default)")

function(csp_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(CSP_ARCH)
    target_compile_options(${target} PRIVATE -march=${CSP_ARCH})
  endif()
  if(CSP_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(CSP_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=${CSP_SANITIZE} -fno-omit-frame-pointer
                                             -fno-sanitize-recover=all)
    # Build tree only: an installed package must not force sanitizers on its users.
    target_link_options(${target} PUBLIC $<BUILD_INTERFACE:-fsanitize=${CSP_SANITIZE}>)
  endif()
endfunction()
