#pragma once
// Results files of `soloist sim --results` and `soloist merge`, which sums the shards of a run
// into the figures one run of all its games prints.
#include <filesystem>
#include <iosfwd>
#include <map>
#include <mutex>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/simulation.hpp"

namespace soloist::cli {

// --results FILE: one record a game, in game order though the threads finish parts in any
// order (a part waits until those before it are written). JSON Lines with a first line naming
// the run (`header`); or CSV when the name ends in .csv. Written beside FILE and renamed over it
// once complete, so a failed run leaves no half file under the name.
class ResultsWriter {
public:
    // `first_part`: the part of the run's first game here (a shard starts further on).
    ResultsWriter(std::filesystem::path file, const nlohmann::json& header, std::size_t first_part);
    void add(std::size_t part, std::vector<GameRecord>&& games);
    void finish();

private:
    void write(const GameRecord& g);

    std::filesystem::path file_, partial_;
    bool csv_;
    std::ofstream out_;
    std::mutex lock_;
    std::map<std::size_t, std::vector<GameRecord>> pending_;
    std::size_t next_;
    bool header_written_ = false;
    std::vector<std::string> score_names_;
};

// `soloist merge FILE...`: the shards' JSON Lines results of one run, checked to be that run's
// and to cover each of its games once; prints the figures `soloist sim` prints for the whole
// run. Throws GameError naming the file and line of what does not fit.
int merge_results(const std::vector<std::filesystem::path>& files, std::ostream& out);

}  // namespace soloist::cli
