#include "vm_share.hpp"

#include <dlfcn.h>
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

constexpr std::size_t kMaxSamples = std::size_t{1} << 20;
std::array<std::uintptr_t, kMaxSamples> g_samples;
std::atomic<std::size_t> g_taken{0};

void on_sigprof(int, siginfo_t*, void* context) {
    const auto* uc = static_cast<const ucontext_t*>(context);
    const std::size_t i = g_taken.fetch_add(1, std::memory_order_relaxed);
    if (i < kMaxSamples) g_samples[i] = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
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
    struct sigaction sa {};
    sa.sa_sigaction = on_sigprof;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPROF, &sa, nullptr);
    itimerval every{{0, 1000}, {0, 1000}};  // 1 ms of CPU (the kernel rounds it to its tick)
    setitimer(ITIMER_PROF, &every, nullptr);
}

std::vector<std::uintptr_t> CpuSampler::stop() {
    itimerval off{};
    setitimer(ITIMER_PROF, &off, nullptr);
    signal(SIGPROF, SIG_IGN);
    const std::size_t n = std::min(g_taken.load(), kMaxSamples);
    return std::vector<std::uintptr_t>(g_samples.begin(), g_samples.begin() + static_cast<std::ptrdiff_t>(n));
}

TimeShares classify(const std::vector<std::uintptr_t>& pcs, const std::string& lua_library, std::string& why_not) {
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
    std::map<std::string, std::size_t> outside;
    std::size_t vm = 0, api = 0, host = 0, clib = 0;
    for (const std::uintptr_t pc : pcs) {
        std::string name;
        const auto it = std::upper_bound(symbols.begin(), symbols.end(), std::make_pair(pc - bias, std::string()),
                                         [](const auto& a, const auto& b) { return a.first < b.first; });
        Dl_info info{};
        const bool found = dladdr(reinterpret_cast<void*>(pc), &info) != 0;
        const bool in_program = found && info.dli_fbase == self.dli_fbase && it != symbols.begin();
        if (in_program) {
            name = std::prev(it)->second;
            if (const auto lua = lua_is_api.find(name); lua != lua_is_api.end()) {
                (lua->second ? api : vm) += 1;
                if (lua->second) outside[name] += 1;
                continue;
            }
            host += 1;
        } else {
            const std::string object = info.dli_fname ? std::filesystem::path(info.dli_fname).filename().string() : "?";
            name = (info.dli_sname ? std::string(info.dli_sname) : std::string("?")) + " (" + object + ")";
            (object.starts_with("libc.so") || object.starts_with("libm.so") ? clib : host) += 1;
        }
        outside[name] += 1;
    }
    const double n = static_cast<double>(pcs.size());
    shares.samples = pcs.size();
    if (pcs.empty()) {
        why_not = "no samples";
        return shares;
    }
    shares.vm = static_cast<double>(vm) / n;
    shares.api = static_cast<double>(api) / n;
    shares.host = static_cast<double>(host) / n;
    shares.c_library = static_cast<double>(clib) / n;
    std::vector<std::pair<std::string, double>> top;
    for (const auto& [name, count] : outside) top.emplace_back(name, static_cast<double>(count) / n);
    std::sort(top.begin(), top.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    top.resize(std::min<std::size_t>(top.size(), 5));
    shares.top_outside = std::move(top);
    return shares;
}

}  // namespace soloist::bench
