#pragma once
// Results files of `soloist sim --results` and `soloist merge`, which sums the shards of a run
// into the figures one run of all its games prints.
#include <filesystem>
#include <functional>
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
    std::vector<std::string> labels_;  // the cells'

};

// A run as its results files tell it: the first file's header (without a shard's fields), the
// cells' labels, the seeds.
struct ResultsRun {
    nlohmann::json header;
    std::vector<std::string> labels;
    std::uint64_t first_seed = 0;
    std::size_t games = 0;
};

// Reads the results files of one run (the whole run's, or its shards' in any order), checked to
// be that run's and to cover each of its games once, and hands on its records part by part in
// the run's order (each part's games game by game, each game's cells together). Throws
// GameError naming the file and line of what does not fit.
ResultsRun read_results(const std::vector<std::filesystem::path>& files,
                        const std::function<void(std::size_t part, std::vector<GameRecord>&& games)>& each_part);

// Adds a part's records, as read_results hands them on, to `run`: each cell's figures as the
// run tallied them, then the part's pairs against the first cell.
void add_records(SimRun& run, const std::vector<GameRecord>& games);

// `soloist merge FILE...`: the shards' JSON Lines results of one run, checked to be that run's
// and to cover each of its games once; prints the figures `soloist sim` prints for the whole
// run. Throws GameError naming the file and line of what does not fit.
// `failures_dir`: where the failed games' answers go (empty: a fresh temporary folder), as for sim.
int merge_results(const std::vector<std::filesystem::path>& files, const std::filesystem::path& failures_dir, std::ostream& out);

}  // namespace soloist::cli
