// The outputs of an ablation: the readable table, and CSV / JSON with one row per (instance, configuration) after
// a header record (version, commit, options, seed, input checksums) that lets an old study be reproduced.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/ablation/run.hpp"
#include "csp/ablation/summary.hpp"

namespace csp::ablation {

/// An input file as it was when the study ran.
struct InputFile {
  std::string path;
  std::uint64_t bytes = 0;
  std::string fnv1a64;  ///< FNV-1a 64-bit hash of the bytes, 16 lower-case hex digits
};

/// The header record of the CSV and JSON outputs.
struct StudyHeader {
  std::string version;               ///< program version (CSP_VERSION)
  std::string commit;                ///< git commit of the source at configure time, or "unknown"
  std::string date;                  ///< UTC start time, ISO 8601
  std::vector<std::string> command;  ///< the command line, "csp" "ablate" ...
  nlohmann::ordered_json options;    ///< every option as parsed, defaults included
  std::uint64_t seed = 0;            ///< the seed of the run order (--shuffle-seed; key "seed" in the header)
  std::vector<InputFile> inputs;
  std::vector<std::pair<std::string, std::string>> invalid;  ///< (instance, reason) for each excluded instance
};

/// Everything a study produced. `records` are in (instance, configuration) order, valid instances only.
struct Study {
  StudyHeader header;
  std::string model;
  std::vector<Instance> instances;
  std::vector<Configuration> configs;
  RunLimits limits;
  std::vector<RunRecord> records;
};

/// FNV-1a 64 of a byte string, and of everything left in a stream (with its size in bytes).
std::uint64_t fnv1a64(const std::string& bytes);
std::uint64_t fnv1a64(std::istream& in, std::uint64_t& bytes);
/// 16 lower-case hex digits.
std::string hex64(std::uint64_t v);
/// Reads `path` and fills an InputFile; throws InputError when it cannot be read.
InputFile describe_input(const std::string& path);
/// The InputFile of `path` whose bytes were already read into `content` (the file is opened only once).
InputFile describe_input(const std::string& path, const std::string& content);

/// The CSV columns, in order: group, instance, number, var, val, inference, alldiff, ac3, then the optional
/// dimensions `configs` have (consistency, break-symmetry, globals, algorithm, ...: study_dimensions), status, detail, then the counters
/// (assignments, backtracks, constraint_checks, revisions, values_pruned, wipeouts, max_depth, us).
std::vector<std::string> csv_columns(const std::vector<Configuration>& configs = {});

/// The columns after the counters that only a study counting solutions or optimising has: "solutions" (the
/// solutions found, verified and distinct) when --max-solutions is not 1 or some instance optimises, and
/// "objective" (the best objective value found, empty for a satisfaction instance or none found) when some
/// instance optimises. Empty for the other studies, whose columns are csv_columns() alone.
std::vector<std::string> extra_columns(const Study& study);

/// CSV: '#' lines "# key: value" (schema, version, commit, date, command, options as one-line JSON, seed, one
/// "input" line per file, one "invalid" line per excluded instance), then the column row (csv_columns() then
/// extra_columns()), then one row per record.
/// Read it with e.g. pandas.read_csv(path, comment='#').
void write_csv(std::ostream& out, const Study& study);
/// The parts of write_csv: the '#' lines and the column row; one record's row (a long study writes its rows as they
/// finish, so that an interrupted study can be resumed: read_csv_rows).
void write_csv_header(std::ostream& out, const Study& study);
void write_csv_row(std::ostream& out, const Study& study, const RunRecord& r);

/// The records of `text`, a CSV written by write_csv_header / write_csv_row for a study with the same header as `study`
/// (every '#' line but date and command equal, and the options equal but jobs, resume and the output files; the same
/// columns), for `csp ablate --resume`. A last row cut short (the run was killed while writing it) is dropped; a
/// repeated row counts once; CRLF line ends read as LF; the old all-different names of an older study's options and
/// rows (pairwise, global, matching) read as the new ones (current_alldiff_name). `name` (the path) is used in
/// messages. Throws InputError naming the file, the line and what differs, e.g. "out.csv:8: options differ from this
/// run: node_limit is 1000 in the file, 2000 now".
std::vector<RunRecord> read_csv_rows(const std::string& name, const std::string& text, const Study& study);

/// JSON: {"schema", "header": {...}, "rows": [one object per record, keys = csv_columns()], "summary": [one object
/// per (group, configuration) with every counter's mean / median / max]}.
nlohmann::ordered_json to_json(const Study& study, const std::vector<Summary>& summaries);
/// Writes to_json() with the header indented and each row and summary on one line; then, when `comparison` is not
/// null, it as a "comparison" object (csp ablate --compare: ablation/paired.hpp).
void write_json(std::ostream& out, const Study& study, const std::vector<Summary>& summaries,
                const nlohmann::ordered_json& comparison = nullptr);

/// What the table shows.
struct TableOptions {
  std::string sort = "config";  ///< the --sort key (for the note under the title)
  bool wide = false;            ///< mean, median and max of every counter (else a selection)
};

/// The readable table: per group, a title, then one row per configuration (in the order of `summaries`), with the
/// dimensions that vary as the first columns; the fixed ones are named above the table.
void write_table(std::ostream& out, const Study& study, const std::vector<Summary>& summaries,
                 const TableOptions& options);

}  // namespace csp::ablation
