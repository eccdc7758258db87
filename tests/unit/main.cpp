// The test runner's entry point: Catch2 supplies main().
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
