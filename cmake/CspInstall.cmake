# Installs headers, libraries, the csp program and a CMake package: find_package(csp) gives csp::csp, csp::models.
include(CMakePackageConfigHelpers)
install(DIRECTORY csp/include/ models/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The models library is csp_models in this tree and csp::models for users (the alias has the same name).
set_target_properties(csp_models PROPERTIES EXPORT_NAME models)
install(TARGETS csp csp_models EXPORT cspTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT cspTargets NAMESPACE csp:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
configure_package_config_file(cmake/cspConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/cspConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/cspConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cspConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/cspConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
