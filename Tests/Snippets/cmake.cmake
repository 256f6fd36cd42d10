cmake_minimum_required(VERSION 3.20)
project(mdview LANGUAGES C CXX)

# Options
option(WITH_TESTS "Build the tests" ON)
set(SOURCES src/main.c src/render.c)

add_executable(mdview ${SOURCES})
target_include_directories(mdview PRIVATE include)
target_link_libraries(mdview PRIVATE m)

if(WITH_TESTS)
  enable_testing()
  add_test(NAME smoke COMMAND mdview --version)
endif()
