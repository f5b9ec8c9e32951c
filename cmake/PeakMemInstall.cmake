# Install rules and the exported CMake package of peakmem.
#
#   cmake --install build --prefix <prefix>
#   find_package(PeakMem CONFIG REQUIRED)   # with <prefix> in CMAKE_PREFIX_PATH
#
# gives the imported targets PeakMem::PeakMemCore (MLIR-free scheduling core),
# PeakMem::PeakMemAnalysis (memory model from IR), PeakMem::PeakMemPasses
# (the passes), PeakMem::peakmem-opt, PeakMem::PeakMemPlugin (pass plugin for
# mlir-opt) and PeakMem::peakmem_runtime (counting allocator). docs/Embedding.md
# describes the layout and how to use it.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(PEAKMEM_VERSION 0.1.0)
set(PEAKMEM_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/PeakMem)

# Public headers: include/peakmem/**.h and the generated pass declarations.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/peakmem
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT PeakMemDevelopment
  FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_BINARY_DIR}/include/peakmem/Transforms/Passes.h.inc
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/peakmem/Transforms
  COMPONENT PeakMemDevelopment)

# The static libraries link libMLIR.so (and libLLVM.so): the exported package
# refers to MLIR's own imported targets, found again by PeakMemConfig.cmake.
install(TARGETS PeakMemCore PeakMemAnalysis PeakMemPasses
  EXPORT PeakMemTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT PeakMemDevelopment)

# A sanitizer build's static libraries need the sanitizer runtimes at link
# time in the consumer too.
if(PEAKMEM_ENABLE_SANITIZERS)
  target_link_options(PeakMemCore INTERFACE
    $<INSTALL_INTERFACE:-fsanitize=address,undefined>)
endif()

# Tools, the mlir-opt pass plugin and the counting-allocator runtime.
# The plugin is left out where it is not built (sanitizer builds).
set(PEAKMEM_INSTALLED_BINARIES peakmem-opt peakmem_runtime)
get_target_property(PEAKMEM_PLUGIN_EXCLUDED PeakMemPlugin EXCLUDE_FROM_ALL)
if(NOT PEAKMEM_PLUGIN_EXCLUDED)
  list(APPEND PEAKMEM_INSTALLED_BINARIES PeakMemPlugin)
endif()
# Installed binaries keep the RPATH to MLIR's library directory.
set_target_properties(peakmem-opt PeakMemPlugin PROPERTIES
  INSTALL_RPATH_USE_LINK_PATH ON)
install(TARGETS ${PEAKMEM_INSTALLED_BINARIES}
  EXPORT PeakMemTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT PeakMemRuntime
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT PeakMemRuntime)

install(EXPORT PeakMemTargets
  NAMESPACE PeakMem::
  FILE PeakMemTargets.cmake
  DESTINATION ${PEAKMEM_INSTALL_CMAKEDIR}
  COMPONENT PeakMemDevelopment)

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/PeakMemConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/PeakMemConfig.cmake
  INSTALL_DESTINATION ${PEAKMEM_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/PeakMemConfigVersion.cmake
  VERSION ${PEAKMEM_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/PeakMemConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/PeakMemConfigVersion.cmake
  DESTINATION ${PEAKMEM_INSTALL_CMAKEDIR}
  COMPONENT PeakMemDevelopment)
