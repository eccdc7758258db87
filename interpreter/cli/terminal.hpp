#pragma once
// The terminal front end: `soloist play` and `soloist games`.
#include <filesystem>
#include <iosfwd>

#include "cli/common.hpp"

namespace soloist::cli {

struct PlayArgs {
    GameRequest request;
    std::filesystem::path journal;  // --journal: resume it if it exists, else save there
    bool force = false;
};

int play(const PlayArgs& args, const Common& common, std::istream& in, std::ostream& out);
int list_games(std::ostream& out);

// $XDG_DATA_HOME/soloist, else ~/.local/share/soloist.
std::filesystem::path saved_games_dir();

// How an event reads in the terminal ("" for events not shown).
std::string describe_event(const nlohmann::json& event);
std::string describe_show(const nlohmann::json& show);
std::string describe_question(const Question& q);

}  // namespace soloist::cli
