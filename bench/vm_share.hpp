#pragma once
// Where a simulation's CPU time goes, by sampling: inside Lua's own code (the interpreter, its
// tables, strings, garbage collector and standard library) or outside it (the Lua C API the
// bindings call, Soloist's own C++, the C library). For soloist_bench's "outside the Lua VM" figure.
//
// The samples are the program counters at SIGPROF (setitimer ITIMER_PROF: CPU time of the whole
// process, so any thread that runs games is sampled), with the return addresses of a few
// callers (glibc's backtrace, which steps through the signal frame by the code's unwind
// tables); each is named by the symbol table of the running program (`nm`, from binutils) and
// counted as Lua's when that symbol comes from Lua's static library (`nm` of liblua5.4.a). Its
// lapi.o and lauxlib.o are the C API, and the C API or the C library count as Lua's when Lua's
// own code called them (ipairs reads a table through lua_geti; a string is copied with memcpy),
// and as outside when Soloist's code did (the bindings; the state copy's memmove). So does the
// allocator Soloist gives Lua (lua_newstate's function and its pool), which takes the place of
// the C library's realloc that stock Lua calls: Lua's when Lua's code called it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace soloist::bench {

// One sample: the interrupted program counter, then the return addresses of its callers,
// innermost first (only the program counter when the stack could not be walked).
struct Sample {
    static constexpr std::size_t kFrames = 8;
    std::uintptr_t frames[kFrames] = {};
    std::size_t depth = 0;
};

// Collects samples from start() to stop(); one sampler at a time.
class CpuSampler {
public:
    void start();
    std::vector<Sample> stop();
};

struct TimeShares {
    std::size_t samples = 0;
    double vm = 0, api = 0, host = 0, c_library = 0;  // fractions of the samples
    // Of vm: the C API and C library that Lua's own code called (its standard library's).
    double lua_through_api = 0;
    // Of vm: the allocator Lua was given (Soloist's pool), when Lua's own code called it.
    double lua_allocator = 0;
    std::vector<std::pair<std::string, double>> top_outside;  // the largest symbols outside the VM
    double outside() const { return 1 - vm; }
};

// Names the samples. `lua_library` is the static liblua5.4.a the program was linked with; an
// empty result (samples == 0) when it or `nm` is missing, with the reason in `why_not`.
TimeShares classify(const std::vector<Sample>& samples, const std::string& lua_library, std::string& why_not);

}  // namespace soloist::bench
