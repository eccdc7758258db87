#include "cli/failures.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "cli/common.hpp"
#include "domain/atomic_file.hpp"
#include "domain/diagnostics.hpp"

namespace soloist::cli {

Replay replay_of(const std::vector<std::filesystem::path>& bot_dirs, const std::string& bot_ref, const std::string& bot_id,
                 const std::vector<std::string>& options, const std::filesystem::path& rules) {
    Replay r;
    r.bot_id = bot_id;
    r.before_seed = "soloist";
    for (const auto& dir : bot_dirs) r.before_seed += " --bots " + shell_word(dir.string());
    r.before_seed += " run " + shell_word(bot_ref);
    for (const auto& o : options) {
        r.after_seed += " --option " + shell_word(o);
        r.tag += (r.tag.empty() ? "" : ",") + o;
    }
    if (!rules.empty()) {
        r.after_seed += " --rules " + shell_word(rules.string());
        r.tag += (r.tag.empty() ? "rules-" : ",rules-") + rules.stem().string();
    }
    return r;
}

// A tag as part of a file name: letters, digits and . _ = , + - kept, anything else '_', at
// most 80 characters.
static std::string file_word(const std::string& tag) {
    std::string out;
    for (const unsigned char c : tag) {
        if (out.size() == 80) break;
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          c == '.' || c == '_' || c == '=' || c == ',' || c == '+' || c == '-';
        out += keep ? static_cast<char>(c) : '_';
    }
    return out;
}

std::optional<std::filesystem::path> FailureFolder::write(const SimError& e, const Replay& replay, std::string& why) {
    try {
        if (dir_.empty()) {
            std::string pattern = (std::filesystem::temp_directory_path() / "soloist-failures.XXXXXX").string();
            if (!mkdtemp(pattern.data())) throw std::runtime_error(std::strerror(errno));
            dir_ = pattern;
        }
        std::filesystem::create_directories(dir_);
        const std::string base = replay.bot_id + "-seed-" + std::to_string(e.seed);
        std::string name = base + ".answers.yaml";
        for (int n = 1; written_.count(name) && written_[name] != replay.after_seed; ++n)
            name = base + "-" + (replay.tag.empty() ? std::string("plain") : file_word(replay.tag)) +
                   (n > 1 ? "-" + std::to_string(n) : "") + ".answers.yaml";
        written_[name] = replay.after_seed;
        const auto file = dir_ / name;
        std::string text = "# The answers of a simulated game that failed: " + clipped(e.message.substr(0, e.message.find('\n')), 300) +
                           "\n# replay: " + replay.before_seed + " --seed " + std::to_string(e.seed) + replay.after_seed +
                           " --answers " + shell_word(file.string()) + "\n";
        if (e.answers.empty()) text += "[]\n";
        for (const auto& a : e.answers) text += "- " + a.dump() + "\n";
        // Not made durable: the run (or merge) that wrote it writes it again, and a sim with
        // many failed games, or the results fuzzer, would wait for the disk at every one.
        write_file_atomically(file, text, Durability::later);
        return file;
    } catch (const std::exception& x) {
        why = x.what();
        return std::nullopt;
    }
}

void print_errors(const SimReport& r, const Replay& replay, FailureFolder& failures, std::ostream& out,
                  std::size_t limit) {
    std::size_t shown = 0;
    for (const auto& e : r.errors) {
        if (shown++ == limit) {
            out << "  ... and " << (r.errors.size() - limit) << " more errors\n";
            break;
        }
        const auto first_line = e.message.substr(0, e.message.find('\n'));
        out << "  seed " << e.seed << ": " << first_line << "\n";
        std::string why;
        if (const auto file = failures.write(e, replay, why))
            out << "    replay: " << replay.before_seed << " --seed " << e.seed << replay.after_seed << " --answers "
                << shell_word(file->string()) << "\n";
        else
            out << "    replay: " << replay.before_seed << " --seed " << e.seed << replay.after_seed
                << " --answers answers.yaml   # the answers could not be written (" << why
                << "); answers.yaml: " << clipped(e.answers.dump(), 2000) << "\n";
    }
}

}  // namespace soloist::cli
