// Reading back the CSV of an interrupted study (csp ablate --resume): header check, then the rows already run.
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "csp/ablation/report.hpp"

namespace csp::ablation {

namespace {

// Options that do not change a run's result: they may differ between a study and its resumption.
const std::set<std::string> kFreeOptions = {"jobs",      "csv",  "json", "plot",   "plot_metric",
                                            "plot_kind", "sort", "wide", "compare"};
// Header lines that say when and how a study was started, not what it computes.
const std::set<std::string> kFreeKeys = {"date", "command"};

struct HeaderLine {
  std::size_t line = 0;
  std::string key;
  std::string value;
};

HeaderLine split_header(std::size_t line, const std::string& text) {
  HeaderLine h;
  h.line = line;
  const std::size_t colon = text.find(": ");
  h.key = text.substr(2, colon == std::string::npos ? std::string::npos : colon - 2);
  if (colon != std::string::npos) h.value = text.substr(colon + 2);
  return h;
}

// The options of a study written before the all-different modes were renamed name them "pairwise", "global",
// "matching": read as the new names, so that such a study resumes.
nlohmann::ordered_json with_current_alldiff_names(nlohmann::ordered_json options) {
  if (options.is_object() && options.contains("alldiff") && options["alldiff"].is_array())
    for (auto& name : options["alldiff"])
      if (name.is_string()) name = current_alldiff_name(name.get<std::string>());
  return options;
}

std::string clip(const std::string& s) { return s.size() <= 60 ? s : s.substr(0, 57) + "..."; }

// "node_limit is 1000 in the file, 2000 now; ..." for the options that differ (the free ones left out).
std::string option_differences(const std::string& file_text, const std::string& now_text) {
  const auto file = with_current_alldiff_names(nlohmann::ordered_json::parse(file_text, nullptr, false));
  const auto now = nlohmann::ordered_json::parse(now_text, nullptr, false);
  if (file.is_discarded() || !file.is_object()) return "the options line is not a JSON object";
  std::string out;
  const auto add = [&](const std::string& key, const std::string& was, const std::string& is) {
    out.append(out.empty() ? "" : "; ")
        .append(key)
        .append(" is ")
        .append(clip(was))
        .append(" in the file, ")
        .append(clip(is))
        .append(" now");
  };
  for (const auto& [key, value] : now.items()) {
    if (kFreeOptions.count(key) != 0) continue;
    if (!file.contains(key))
      add(key, "absent", value.dump());
    else if (file[key] != value)
      add(key, file[key].dump(), value.dump());
  }
  for (const auto& [key, value] : file.items())
    if (kFreeOptions.count(key) == 0 && !now.contains(key)) add(key, value.dump(), "absent");
  return out;
}

// Splits CSV records (RFC 4180 quoting, as write_csv_row writes) from `text` starting at `at`; a record may span
// lines inside quotes. Returns false at the end; `complete` is false for a last record without its line end.
bool next_record(const std::string& text, std::size_t& at, std::vector<std::string>& fields, bool& complete) {
  if (at >= text.size()) return false;
  fields.assign(1, std::string());
  bool quoted = false;
  complete = false;
  while (at < text.size()) {
    const char c = text[at++];
    if (quoted) {
      if (c == '"' && at < text.size() && text[at] == '"') {
        fields.back() += '"';
        ++at;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c == '\n') {
      complete = true;
      return true;
    } else {
      fields.back() += c;
    }
  }
  return true;
}

void set_counter(Statistics& s, Counter c, std::int64_t v) {
  const auto u = static_cast<std::uint64_t>(v);
  switch (c) {
    case Counter::assignments:
      s.assignments = u;
      break;
    case Counter::backtracks:
      s.backtracks = u;
      break;
    case Counter::failures:
      s.failures = u;
      break;
    case Counter::constraint_checks:
      s.constraint_checks = u;
      break;
    case Counter::revisions:
      s.revisions = u;
      break;
    case Counter::values_pruned:
      s.values_pruned = u;
      break;
    case Counter::wipeouts:
      s.wipeouts = u;
      break;
    case Counter::backjumps:
      s.backjumps = u;
      break;
    case Counter::nogoods:
      s.nogoods = u;
      break;
    case Counter::restarts:
      s.restarts = u;
      break;
    case Counter::max_depth:
      s.max_depth = u;
      break;
    case Counter::us:
      s.elapsed_us = v;
      break;
  }
}

std::string config_key(const std::vector<std::string>& values) {
  std::string key;
  for (const std::string& v : values) key.append(v).append(1, '\x1f');
  return key;
}

// "NAME:LINE: ", the start of a message about one line of the file.
std::string where(const std::string& name, std::size_t line) { return name + ":" + std::to_string(line) + ": "; }

// A file saved with CRLF line ends (a spreadsheet, an editor on Windows) holds the same rows: "\r\n" read as "\n".
std::string without_crlf(const std::string& file_text) {
  std::string text;
  text.reserve(file_text.size());
  for (std::size_t k = 0; k < file_text.size(); ++k)
    if (file_text[k] != '\r' || k + 1 >= file_text.size() || file_text[k + 1] != '\n') text.push_back(file_text[k]);
  return text;
}

// The header this run writes: its '#' lines, and its column row in `column_row`.
std::vector<HeaderLine> expected_header(const Study& study, std::string& column_row) {
  std::ostringstream expected_text;
  write_csv_header(expected_text, study);
  std::vector<HeaderLine> expected;
  std::istringstream in(expected_text.str());
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0)
      expected.push_back(split_header(0, line));
    else
      column_row = line;
  }
  return expected;
}

// The header of the file: its '#' lines, then its column row; `at` and `line_no` are where the rows begin.
struct FileHeader {
  std::vector<HeaderLine> found;
  std::string columns;
  bool have_columns = false;
  std::size_t at = 0;
  std::size_t line_no = 0;
};

FileHeader read_file_header(const std::string& text) {
  FileHeader h;
  while (h.at < text.size()) {
    const std::size_t end = text.find('\n', h.at);
    if (end == std::string::npos) break;  // a header cut short: treated as no header
    std::string line = text.substr(h.at, end - h.at);
    h.at = end + 1;
    ++h.line_no;
    if (line.rfind("# ", 0) == 0) {
      h.found.push_back(split_header(h.line_no, line));
      continue;
    }
    h.columns = line;
    h.have_columns = true;
    break;
  }
  return h;
}

// `column_row` as a study written before the restart counter was renamed wrote it: "restarts" where it now says
// "restart_count" (the same column, at the same place: such a file resumes).
std::string with_old_counter_name(std::string column_row) {
  const std::string now = std::string(",").append(to_string(Counter::restarts)).append(",");
  if (const std::size_t at = column_row.find(now); at != std::string::npos)
    column_row.replace(at, now.size(), ",restarts,");
  return column_row;
}

// Throws InputError naming the line where the file's header is not this run's (free keys such as the date aside).
void check_header(const std::string& name, const std::vector<HeaderLine>& expected, const std::string& column_row,
                  const FileHeader& h) {
  if (!h.have_columns)
    throw InputError(name +
                     ": no CSV header of csp ablate (its '#' lines and column row); --resume needs the --csv "
                     "file of an interrupted run of this study");
  const std::vector<HeaderLine>& found = h.found;
  std::size_t j = 0;
  for (const HeaderLine& want : expected) {
    if (kFreeKeys.count(want.key) != 0) continue;
    while (j < found.size() && kFreeKeys.count(found[j].key) != 0) ++j;
    if (j >= found.size() || found[j].key != want.key)
      throw InputError(where(name, j < found.size() ? found[j].line : h.line_no) + "header line '" + want.key +
                       "' expected here (this file is from another study)");
    const HeaderLine& got = found[j++];
    if (got.value == want.value) continue;
    if (want.key == "options") {
      const std::string diff = option_differences(got.value, want.value);
      if (diff.empty()) continue;
      throw InputError(where(name, got.line) + "options differ from this run: " + diff);
    }
    throw InputError(where(name, got.line) + want.key + " differs from this run: '" + clip(got.value) +
                     "' in the file, '" + clip(want.value) + "' now" +
                     (want.key == "input" ? " (the input file changed)" : ""));
  }
  while (j < found.size() && kFreeKeys.count(found[j].key) != 0) ++j;
  if (j < found.size())
    throw InputError(where(name, found[j].line) + "header line '" + found[j].key + "' not in this run");
  if (h.columns != column_row && h.columns != with_old_counter_name(column_row))
    throw InputError(where(name, h.line_no) + "the columns differ from this run's: '" + clip(h.columns) + "'");
}

// `study` without its instances and records, and one optimisation record: its CSV has the objective column.
Study with_objective(const Study& study) {
  Study probe;
  probe.header = study.header;
  probe.model = study.model;
  probe.configs = study.configs;
  probe.limits = study.limits;
  RunRecord r;
  r.optimisation = true;
  probe.records.push_back(r);
  return probe;
}

// Rows: instance name and configuration values -> indices, and the shape of a row.
struct RowIndex {
  std::map<std::string, std::size_t> instance_of;
  std::map<std::string, std::size_t> config_of;
  std::size_t dims = 0;
  std::optional<std::size_t> alldiff;  // the position of the alldiff dimension among the dims
  std::vector<std::string> extra;      // solutions, objective: after the counters
  std::size_t width = 0;
};

// `columns_of` gives the extra columns (solutions, objective): the study itself, or with_objective(study).
RowIndex row_index(const Study& study, const Study& columns_of) {
  RowIndex index;
  for (std::size_t i = 0; i < study.instances.size(); ++i)
    if (study.instances[i].valid()) index.instance_of.emplace(study.instances[i].name, i);
  // A configuration is known by the values of every dimension of the study (the optional ones it has included).
  const std::vector<Dimension> dimensions = study_dimensions(study.configs);
  for (std::size_t c = 0; c < study.configs.size(); ++c) {
    std::vector<std::string> values;
    for (Dimension d : dimensions) values.push_back(study.configs[c].get(d));
    index.config_of.emplace(config_key(values), c);
  }
  index.dims = dimensions.size();
  for (std::size_t k = 0; k < dimensions.size(); ++k)
    if (dimensions[k] == Dimension::alldiff) index.alldiff = k;
  index.extra = extra_columns(columns_of);
  index.width = 3 + index.dims + 2 + kCounterCount + index.extra.size();
  return index;
}

// The counters and the extra columns of a row into `r` (InputError prefixed with `at` for a bad field).
void read_numbers(const std::string& at, const std::vector<std::string>& fields, const RowIndex& index, RunRecord& r) {
  const std::size_t dims = index.dims;
  for (std::size_t k = 0; k < kCounterCount; ++k) {
    const std::string& f = fields[5 + dims + k];
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
    if (ec != std::errc() || p != f.data() + f.size() || v < 0)
      throw InputError(at + to_string(kCounters[k]) + ": expected a whole number, got '" + clip(f) + "'");
    set_counter(r.stats, kCounters[k], v);
  }
  for (std::size_t k = 0; k < index.extra.size(); ++k) {
    const std::string& f = fields[5 + dims + kCounterCount + k];
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
    const bool number = !f.empty() && ec == std::errc() && p == f.data() + f.size();
    if (index.extra[k] == "objective") {  // empty: a satisfaction instance, or no solution found
      if (number) r.objective = v;
      if (number) r.optimisation = true;
      if (!number && !f.empty())
        throw InputError(at + "objective: expected a whole number or nothing, got '" + clip(f) + "'");
    } else {
      if (!number || v < 0) throw InputError(at + index.extra[k] + ": expected a whole number, got '" + clip(f) + "'");
      r.stats.solutions = static_cast<std::uint64_t>(v);
    }
  }
}

// One complete row of the file (InputError prefixed with `at` for a row not of this study).
RunRecord read_row(const std::string& at, const std::vector<std::string>& fields, const RowIndex& index) {
  const std::size_t dims = index.dims;
  if (fields.size() != index.width)
    throw InputError(at + std::to_string(fields.size()) + " fields, expected " + std::to_string(index.width));
  const auto inst = index.instance_of.find(fields[1]);
  if (inst == index.instance_of.end()) throw InputError(at + "instance '" + clip(fields[1]) + "' is not in this study");
  std::vector<std::string> values(fields.begin() + 3, fields.begin() + 3 + static_cast<long>(dims));
  if (index.alldiff) values[*index.alldiff] = current_alldiff_name(values[*index.alldiff]);  // an older study's rows
  const auto conf = index.config_of.find(config_key(values));
  if (conf == index.config_of.end()) throw InputError(at + "the configuration is not in this study's grid");
  RunRecord r;
  r.instance = inst->second;
  r.config = conf->second;
  try {
    r.status = parse_run_status(fields[3 + dims]);
  } catch (const InputError& e) {
    throw InputError(at + e.what());
  }
  r.detail = fields[4 + dims];
  read_numbers(at, fields, index, r);
  return r;
}

}  // namespace

std::vector<RunRecord> read_csv_rows(const std::string& name, const std::string& file_text, const Study& study) {
  const std::string text = without_crlf(file_text);
  std::string column_row;
  std::vector<HeaderLine> expected = expected_header(study, column_row);
  const FileHeader header = read_file_header(text);
  // Whether an instance optimises is known only once it has run (RunRecord::optimisation), so a study resumed before
  // any run expects the objective column only when the file has it: an optimisation study's file is read as one.
  const Study probe = with_objective(study);
  std::string probe_row;
  std::vector<HeaderLine> probe_expected = expected_header(probe, probe_row);
  const bool optimising = header.have_columns && header.columns != column_row && header.columns == probe_row;
  if (optimising) {
    column_row = probe_row;
    expected = std::move(probe_expected);
  }
  check_header(name, expected, column_row, header);
  const RowIndex index = row_index(study, optimising ? probe : study);
  std::size_t at = header.at;
  std::size_t line_no = header.line_no;
  std::vector<RunRecord> out;
  std::set<std::pair<std::size_t, std::size_t>> seen;
  std::vector<std::string> fields;
  bool complete = false;
  while (next_record(text, at, fields, complete)) {
    const std::size_t row_line = ++line_no;
    for (std::size_t k = 0; k + 1 < fields.size(); ++k)
      line_no += static_cast<std::size_t>(std::count(fields[k].begin(), fields[k].end(), '\n'));
    if (!complete) break;  // the last row, cut short when the run was killed: it is run again
    RunRecord r = read_row(where(name, row_line), fields, index);
    if (seen.insert({r.instance, r.config}).second) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace csp::ablation
