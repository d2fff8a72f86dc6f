# Installs headers, libraries and a CMake package (included when CSP_INSTALL is ON): find_package(csp) gives
# csp::csp, csp::models, csp::flatzinc and csp::plugin, csp::graph when Boost.Graph is found
# (find_package(csp COMPONENTS graph) requires it), csp::observers and csp::ablation when they were built.
# The csp program installs itself (examples/CMakeLists.txt).
include(CMakePackageConfigHelpers)
install(DIRECTORY csp/include/ models/include/ models/flatzinc/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The models library is csp_models in this tree and csp::models for users (the alias has the same name).
set_target_properties(csp_models PROPERTIES EXPORT_NAME models)
set_target_properties(csp_flatzinc PROPERTIES EXPORT_NAME flatzinc)  # the FlatZinc reader: csp::models, no more
set_target_properties(csp_plugin PROPERTIES EXPORT_NAME plugin)  # headers only: what a --plugin library builds with
install(TARGETS csp csp_models csp_flatzinc csp_plugin EXPORT cspTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT cspTargets NAMESPACE csp:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
# csp::graph has its own export set, so that the package loads it only when Boost.Graph, its dependency, is found.
if(TARGET csp_graph)
  install(TARGETS csp_graph EXPORT cspGraphTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT cspGraphTargets NAMESPACE csp:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
endif()
# csp::observers: its own export set, so that the package loads it only when it was built (nlohmann-json found then);
# it needs nothing but csp::csp (Graphviz, which it opens on first use, is not a link dependency).
if(TARGET csp_observers)
  install(TARGETS csp_observers EXPORT cspObserversTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT cspObserversTargets NAMESPACE csp:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
endif()
# csp::ablation (csp/ablation): its own export set too, loaded when csp::graph and nlohmann-json are found (cairo and
# Graphviz, which it opens on first use, are not link dependencies).
if(TARGET csp_ablation)
  set_target_properties(csp_ablation PROPERTIES EXPORT_NAME ablation)
  install(DIRECTORY csp/ablation/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(TARGETS csp_ablation EXPORT cspAblationTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT cspAblationTargets NAMESPACE csp:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
endif()
configure_package_config_file(cmake/cspConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/cspConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/cspConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cspConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/cspConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/csp)
