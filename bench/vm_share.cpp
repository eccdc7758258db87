#include "vm_share.hpp"

#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>
#include <signal.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace soloist::bench {

namespace {

constexpr std::size_t kMaxSamples = std::size_t{1} << 16;
std::array<Sample, kMaxSamples> g_samples;
std::atomic<std::size_t> g_taken{0};

void on_sigprof(int, siginfo_t*, void* context) {
    const auto* uc = static_cast<const ucontext_t*>(context);
    const std::size_t i = g_taken.fetch_add(1, std::memory_order_relaxed);
    if (i >= kMaxSamples) return;
    Sample& s = g_samples[i];
    const auto pc = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
    s.frames[0] = pc;
    s.depth = 1;
    // The walk starts in this handler and passes the signal frame: the interrupted code's frames
    // begin at its program counter.
    void* walked[Sample::kFrames + 4];
    const int n = backtrace(walked, static_cast<int>(std::size(walked)));
    for (int k = 0; k < n; ++k) {
        if (reinterpret_cast<std::uintptr_t>(walked[k]) != pc) continue;
        for (int j = k + 1; j < n && s.depth < Sample::kFrames; ++j)
            s.frames[s.depth++] = reinterpret_cast<std::uintptr_t>(walked[j]);
        break;
    }
}

// The lines a command prints; empty when it fails.
std::vector<std::string> lines_of(const std::string& command) {
    std::vector<std::string> lines;
    FILE* p = popen(command.c_str(), "r");
    if (!p) return lines;
    std::string line;
    for (int c; (c = std::fgetc(p)) != EOF;) {
        if (c == '\n') {
            lines.push_back(line);
            line.clear();
        } else {
            line += static_cast<char>(c);
        }
    }
    if (pclose(p) != 0) lines.clear();
    return lines;
}

std::uintptr_t program_load_bias() {
    std::uintptr_t bias = 0;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* out) {
            *static_cast<std::uintptr_t*>(out) = info->dlpi_addr;
            return 1;  // the first object is the program itself
        },
        &bias);
    return bias;
}

}  // namespace

void CpuSampler::start() {
    g_taken = 0;
    // The first backtrace loads the unwinder (libgcc_s): not inside a signal handler.
    void* warm[4];
    backtrace(warm, 4);
    struct sigaction sa {};
    sa.sa_sigaction = on_sigprof;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPROF, &sa, nullptr);
    itimerval every{{0, 1000}, {0, 1000}};  // 1 ms of CPU (the kernel rounds it to its tick)
    setitimer(ITIMER_PROF, &every, nullptr);
}

std::vector<Sample> CpuSampler::stop() {
    itimerval off{};
    setitimer(ITIMER_PROF, &off, nullptr);
    signal(SIGPROF, SIG_IGN);
    const std::size_t n = std::min(g_taken.load(), kMaxSamples);
    return std::vector<Sample>(g_samples.begin(), g_samples.begin() + static_cast<std::ptrdiff_t>(n));
}

TimeShares classify(const std::vector<Sample>& samples, const std::string& lua_library, std::string& why_not) {
    TimeShares shares;
    if (lua_library.empty() || !std::filesystem::exists(lua_library)) {
        why_not = "Lua is not linked from its static library (liblua5.4.a), so its code cannot be told apart";
        return shares;
    }
    // Lua's own functions, and which of them are the C API.
    std::map<std::string, bool> lua_is_api;
    for (const auto& line : lines_of("nm --defined-only -A '" + lua_library + "' 2>/dev/null")) {
        // liblua5.4.a:lapi.o:0000000000000120 T lua_absindex
        const auto colon = line.find(':'), second = line.find(':', colon + 1);
        const auto space = line.rfind(' ');
        if (colon == std::string::npos || second == std::string::npos || space == std::string::npos) continue;
        const std::string member = line.substr(colon + 1, second - colon - 1);
        lua_is_api[line.substr(space + 1)] = member == "lapi.o" || member == "lauxlib.o";
    }
    std::error_code ec;
    const auto program = std::filesystem::read_symlink("/proc/self/exe", ec);
    std::vector<std::pair<std::uintptr_t, std::string>> symbols;  // address -> name, sorted
    for (const auto& line : lines_of("nm --defined-only --numeric-sort -C '" + program.string() + "' 2>/dev/null")) {
        // 0000000000012340 t name (with spaces, demangled)
        if (line.size() < 20 || line[16] != ' ' || line[18] != ' ') continue;
        const char type = static_cast<char>(std::tolower(static_cast<unsigned char>(line[17])));
        if (type != 't' && type != 'w') continue;
        symbols.emplace_back(std::stoull(line.substr(0, 16), nullptr, 16), line.substr(19));
    }
    if (lua_is_api.empty() || symbols.empty()) {
        why_not = "nm (binutils) could not read the symbols of the program or of " + lua_library;
        return shares;
    }
    const std::uintptr_t bias = program_load_bias();
    Dl_info self{};
    dladdr(reinterpret_cast<void*>(&program_load_bias), &self);
    // Where an address lies: Lua's code (the C API or the rest), the program's own, the C
    // library, or another library.
    // The allocator Lua was given (lua_newstate's capped_alloc and its pool) stands where stock
    // Lua's realloc stands, so when Lua's code calls it, it is Lua's own work as realloc is.
    enum class Place { lua, lua_api, program, allocator, c_library, other };
    struct Named {
        Place place;
        std::string name;
    };
    auto name_of = [&](std::uintptr_t pc) {
        const auto it = std::upper_bound(symbols.begin(), symbols.end(), std::make_pair(pc - bias, std::string()),
                                         [](const auto& a, const auto& b) { return a.first < b.first; });
        Dl_info info{};
        const bool found = dladdr(reinterpret_cast<void*>(pc), &info) != 0;
        if (found && info.dli_fbase == self.dli_fbase && it != symbols.begin()) {
            const std::string& name = std::prev(it)->second;
            if (const auto lua = lua_is_api.find(name); lua != lua_is_api.end())
                return Named{lua->second ? Place::lua_api : Place::lua, name};
            const bool allocator = name.starts_with("soloist::lua::capped_alloc(") ||
                                   name.starts_with("soloist::lua::Pool::");
            return Named{allocator ? Place::allocator : Place::program, name};
        }
        const std::string object = found && info.dli_fname ? std::filesystem::path(info.dli_fname).filename().string() : "?";
        const bool c_library = object.starts_with("libc.so") || object.starts_with("libm.so");
        return Named{c_library ? Place::c_library : Place::other,
                     (found && info.dli_sname ? std::string(info.dli_sname) : std::string("?")) + " (" + object + ")"};
    };
    std::map<std::string, std::size_t> outside;
    std::size_t vm = 0, api = 0, host = 0, clib = 0, lua_through_api = 0, lua_allocator = 0;
    for (const Sample& sample : samples) {
        const Named here = name_of(sample.frames[0]);
        if (here.place == Place::lua) {
            ++vm;
            continue;
        }
        if (here.place != Place::program) {
            // Who called the C API, the C library or the allocator: the first caller that is
            // none of them (a return address less one lies inside the call), and whether the
            // allocator was on the way.
            Place caller = Place::other;
            std::string caller_name;
            bool known = false, through_allocator = here.place == Place::allocator;
            for (std::size_t f = 1; f < sample.depth; ++f) {
                const Named n = name_of(sample.frames[f] - 1);
                if (n.place == Place::allocator) through_allocator = true;
                if (n.place == Place::lua_api || n.place == Place::c_library || n.place == Place::allocator) continue;
                caller = n.place;
                caller_name = n.name;
                known = true;
                break;
            }
            if (known && caller == Place::lua) {
                ++vm;
                ++(through_allocator ? lua_allocator : lua_through_api);
                continue;
            }
            (here.place == Place::lua_api ? api : here.place == Place::c_library ? clib : host) += 1;
            // The C library's own functions are mostly unnamed (local symbols): name the caller.
            if (here.place == Place::c_library && known) {
                outside[here.name + " from " + caller_name.substr(0, caller_name.find('('))] += 1;
                continue;
            }
        } else {
            host += 1;
        }
        outside[here.name] += 1;
    }
    const double n = static_cast<double>(samples.size());
    shares.samples = samples.size();
    if (samples.empty()) {
        why_not = "no samples";
        return shares;
    }
    shares.vm = static_cast<double>(vm) / n;
    shares.api = static_cast<double>(api) / n;
    shares.host = static_cast<double>(host) / n;
    shares.c_library = static_cast<double>(clib) / n;
    shares.lua_through_api = static_cast<double>(lua_through_api) / n;
    shares.lua_allocator = static_cast<double>(lua_allocator) / n;
    std::vector<std::pair<std::string, double>> top;
    for (const auto& [name, count] : outside) top.emplace_back(name, static_cast<double>(count) / n);
    std::sort(top.begin(), top.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    top.resize(std::min<std::size_t>(top.size(), 5));
    shares.top_outside = std::move(top);
    return shares;
}

}  // namespace soloist::bench
