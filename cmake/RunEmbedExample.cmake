# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The embed-example test (cmake -P): install peakmem into a fresh prefix,
# build examples/embed against it with find_package(PeakMem) and run it.
#
#   -DPEAKMEM_SOURCE_DIR=<source tree>  -DPEAKMEM_BINARY_DIR=<build tree>
#   -DWORK_DIR=<scratch dir, wiped>     -DGENERATOR=<cmake generator>
#   -DCXX_COMPILER=<c++ compiler>       -DBUILD_TYPE=<configuration>
cmake_minimum_required(VERSION 3.20)

foreach(var PEAKMEM_SOURCE_DIR PEAKMEM_BINARY_DIR WORK_DIR GENERATOR)
  if(NOT ${var})
    message(FATAL_ERROR "RunEmbedExample.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()

set(prefix ${WORK_DIR}/prefix)
set(example_build ${WORK_DIR}/build)
set(example_src ${PEAKMEM_SOURCE_DIR}/examples/embed)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs a command; fails the test with its output unless it exits with 0.
function(run_step name)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} failed (${rc}):\n${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${name}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

function(expect name text)
  foreach(line IN LISTS ARGN)
    string(FIND "${text}" "${line}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${name}: expected \"${line}\" in:\n${text}")
    endif()
  endforeach()
endfunction()

run_step("install" ${CMAKE_COMMAND} --install ${PEAKMEM_BINARY_DIR}
  --prefix ${prefix} --config ${BUILD_TYPE})

set(configure_args -S ${example_src} -B ${example_build} -G ${GENERATOR}
  -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DCMAKE_PREFIX_PATH=${prefix}
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(CXX_COMPILER)
  list(APPEND configure_args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
run_step("configure examples/embed" ${CMAKE_COMMAND} ${configure_args})

# The package must come from the fresh prefix, not from anywhere else.
file(STRINGS ${example_build}/CMakeCache.txt peakmem_dir REGEX "^PeakMem_DIR:")
string(FIND "${peakmem_dir}" "${prefix}/" at)
if(NOT at GREATER -1)
  message(FATAL_ERROR "PeakMem found outside ${prefix}: ${peakmem_dir}")
endif()

run_step("build examples/embed" ${CMAKE_COMMAND} --build ${example_build}
  --config ${BUILD_TYPE})

find_program(embed_exe peakmem-embed
  PATHS ${example_build} ${example_build}/${BUILD_TYPE} NO_DEFAULT_PATH
  NO_CACHE)
if(NOT embed_exe)
  message(FATAL_ERROR "peakmem-embed was not built in ${example_build}")
endif()
run_step("run peakmem-embed" ${embed_exe} ${example_src}/example.mlir)
message("${step_output}")
expect("peakmem-embed" "${step_output}"
  "@fork_join: peak 1032 bytes, lower bound 1032 (optimal)"
  "@chain: peak 512 bytes, lower bound 512 (optimal)"
  "core: peak 2052 -> 1032 bytes (optimal)"
  "OK")

# The installed driver runs from the prefix (its RPATH reaches libMLIR.so).
run_step("installed peakmem-opt" ${prefix}/bin/peakmem-opt
  ${example_src}/example.mlir
  "--pass-pipeline=builtin.module(func.func(peakmem-report{remarks=0}))")
expect("installed peakmem-opt" "${step_output}" "peakmem.peak = 2052 : i64")
