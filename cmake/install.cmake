# install.cmake — etotune as an installable C library (included last by the top CMakeLists.txt).
#
# `cmake --install BUILD --prefix P` puts in P:
#   bin/etotune                          the command-line tool
#   lib/libetotune.a, lib/libetotune.so  every module of the library (docs/architecture.md §1) in one archive and
#                                        one shared object (the CLI's option parser and the benches are not in it)
#   include/etotune/*.h                  the public headers, one per module (#include <etotune/driver.h>;
#                                        <etotune/etotune.h> includes them all)
#   lib/pkgconfig/etotune.pc             pkg-config --cflags --libs etotune (shared; --static for the archive)
#   lib/cmake/etotune/                   find_package(etotune): targets etotune::etotune (shared) and
#                                        etotune::etotune_static
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# the modules in dependency order (lowest first)
set(ETO_LIB_MODULES eto_base eto_op eto_target eto_sched eto_lower eto_codegen eto_measure eto_cache eto_backend
    eto_tuner eto_selector eto_driver eto_export)
# the public headers, one per module (tests/arch compiles each alone), and the umbrella header
set(ETO_PUBLIC_HEADERS
    ${PROJECT_SOURCE_DIR}/src/base/base.h ${PROJECT_SOURCE_DIR}/src/op/op.h ${PROJECT_SOURCE_DIR}/src/target/target.h
    ${PROJECT_SOURCE_DIR}/src/sched/schedule.h ${PROJECT_SOURCE_DIR}/src/lower/lower.h
    ${PROJECT_SOURCE_DIR}/src/codegen/codegen.h ${PROJECT_SOURCE_DIR}/src/measure/measure.h
    ${PROJECT_SOURCE_DIR}/cache/cache.h ${PROJECT_SOURCE_DIR}/backend/backend.h ${PROJECT_SOURCE_DIR}/tuner/tuner.h
    ${PROJECT_SOURCE_DIR}/selector/selector.h ${PROJECT_SOURCE_DIR}/driver/driver.h
    ${PROJECT_SOURCE_DIR}/export/export.h ${PROJECT_SOURCE_DIR}/cmake/etotune.h)

# what the modules link against, for the shared object and for pkg-config's Libs.private
set(ETO_LIB_DEPS PkgConfig::LMDB PkgConfig::XGBOOST PkgConfig::CJSON ${GLPK_LIBRARY} LLVM Threads::Threads
    ${CMAKE_DL_LIBS} m)
if(ETO_HAVE_CUDA)
  list(APPEND ETO_LIB_DEPS ${CUDA_nvrtc_LIBRARY})
endif()

# libetotune.so: every module archive linked whole
add_library(etotune_shared SHARED ${PROJECT_SOURCE_DIR}/cmake/etotune_version.c)
set_target_properties(etotune_shared PROPERTIES OUTPUT_NAME etotune VERSION ${PROJECT_VERSION}
                      SOVERSION ${PROJECT_VERSION_MAJOR})
set_target_properties(etotune_shared etotune PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
target_compile_definitions(etotune_shared PRIVATE ETO_VERSION="${PROJECT_VERSION}")
set(ETO_MODULE_FILES)
foreach(m ${ETO_LIB_MODULES})
  list(APPEND ETO_MODULE_FILES $<TARGET_FILE:${m}>)
endforeach()
add_dependencies(etotune_shared ${ETO_LIB_MODULES})
target_link_libraries(etotune_shared PRIVATE -Wl,--whole-archive ${ETO_MODULE_FILES} -Wl,--no-whole-archive
                      ${ETO_LIB_DEPS})

# libetotune.a: the module archives merged (ar's MRI script), plus the version object
set(ETO_MRI ${CMAKE_CURRENT_BINARY_DIR}/libetotune.mri)
set(ETO_STATIC ${CMAKE_CURRENT_BINARY_DIR}/libetotune.a)
add_library(etotune_version OBJECT ${PROJECT_SOURCE_DIR}/cmake/etotune_version.c)
target_compile_definitions(etotune_version PRIVATE ETO_VERSION="${PROJECT_VERSION}")
set(ETO_MRI_TEXT "create ${ETO_STATIC}.tmp\n")
foreach(m ${ETO_LIB_MODULES})
  string(APPEND ETO_MRI_TEXT "addlib $<TARGET_FILE:${m}>\n")
endforeach()
string(APPEND ETO_MRI_TEXT "addmod $<TARGET_OBJECTS:etotune_version>\nsave\nend\n")
file(GENERATE OUTPUT ${ETO_MRI} CONTENT "${ETO_MRI_TEXT}")
add_custom_command(
  OUTPUT ${ETO_STATIC}
  COMMAND ${CMAKE_COMMAND} -E rm -f ${ETO_STATIC}.tmp
  COMMAND ${CMAKE_AR} -M < ${ETO_MRI}
  COMMAND ${CMAKE_RANLIB} ${ETO_STATIC}.tmp
  COMMAND ${CMAKE_COMMAND} -E rename ${ETO_STATIC}.tmp ${ETO_STATIC}
  DEPENDS ${ETO_LIB_MODULES} etotune_version ${ETO_MODULE_FILES} $<TARGET_OBJECTS:etotune_version> ${ETO_MRI}
  COMMENT "merging the module archives into libetotune.a")
add_custom_target(etotune_static ALL DEPENDS ${ETO_STATIC})

# pkg-config: Libs.private lists what a static link needs
set(ETO_PC_LIBS_PRIVATE "-lglpk -L${LLVM_LIBRARY_DIR} -lLLVM-${LLVM_VERSION_MAJOR} -lpthread -ldl -lm")
if(ETO_HAVE_CUDA)
  string(APPEND ETO_PC_LIBS_PRIVATE " ${CUDA_nvrtc_LIBRARY}")
endif()
# the static target of the CMake package: the same, as a CMake list
set(ETO_CMAKE_STATIC_DEPS ${LMDB_LDFLAGS} ${XGBOOST_LDFLAGS} ${CJSON_LDFLAGS} -lglpk -L${LLVM_LIBRARY_DIR}
    -lLLVM-${LLVM_VERSION_MAJOR} -lpthread ${CMAKE_DL_LIBS} -lm)
if(ETO_HAVE_CUDA)
  list(APPEND ETO_CMAKE_STATIC_DEPS ${CUDA_nvrtc_LIBRARY})
endif()
list(TRANSFORM ETO_CMAKE_STATIC_DEPS REPLACE "^dl$" "-ldl")
configure_file(${PROJECT_SOURCE_DIR}/cmake/etotune.pc.in ${CMAKE_CURRENT_BINARY_DIR}/etotune.pc @ONLY)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/etotuneConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/etotuneConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/etotune
                              PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/etotuneConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)

install(TARGETS etotune RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS etotune_shared LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${ETO_STATIC} DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${ETO_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/etotune)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/etotune.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/etotuneConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/etotuneConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/etotune)
