// CSV and JSON outputs of an ablation, and the input checksums of their header.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>

#include "csp/ablation/report.hpp"

namespace csp::ablation {

namespace {

// JSON text of `j`; bytes that are not UTF-8 (a file name, an argument) become U+FFFD instead of throwing
// nlohmann::json's type_error 316, which aborted `csp ablate FILE --csv ...` after the study (found by
// tests/fuzz/fuzz_ablate_options).
std::string dump(const nlohmann::ordered_json& j, int indent = -1) {
  return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;

constexpr const char* kSchema = "csp-ablate/1";

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

// A line of the CSV comment header: newlines in a value would end the comment, so they become spaces.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

std::string joined_command(const std::vector<std::string>& args) {
  std::string out;
  for (const std::string& a : args) {
    out.append(out.empty() ? "" : " ");
    const bool plain = !a.empty() && a.find_first_of(" \t\"'\\$`*?;&|<>()") == std::string::npos;
    if (plain) {
      out.append(a);
    } else {
      out.append("'");
      for (char c : a) out.append(c == '\'' ? std::string("'\\''") : std::string(1, c));
      out.append("'");
    }
  }
  return out;
}

// The values of a record's columns, in csv_columns() order (counters as integers).
std::vector<std::string> row_values(const Study& study, const RunRecord& r) {
  const Instance& inst = study.instances.at(r.instance);
  const Configuration& c = study.configs.at(r.config);
  std::vector<std::string> out = {inst.group, inst.name, std::to_string(inst.number)};
  for (Dimension d : study_dimensions(study.configs)) out.push_back(c.get(d));
  out.push_back(to_string(r.status));
  out.push_back(r.detail);
  for (Counter k : kCounters) out.push_back(std::to_string(static_cast<std::int64_t>(counter_value(r.stats, k))));
  for (const std::string& column : extra_columns(study)) {
    if (column == "solutions") out.push_back(std::to_string(r.stats.solutions));
    if (column == "objective") out.push_back(r.objective ? std::to_string(*r.objective) : "");
  }
  return out;
}

bool optimises(const Study& study) {
  return std::any_of(study.records.begin(), study.records.end(), [](const RunRecord& r) { return r.optimisation; });
}

nlohmann::ordered_json header_json(const Study& study) {
  const StudyHeader& h = study.header;
  nlohmann::ordered_json j;
  j["program"] = "csp ablate";
  j["version"] = h.version;
  j["commit"] = h.commit;
  j["date"] = h.date;
  j["command"] = h.command;
  j["model"] = study.model;
  j["options"] = h.options;
  j["seed"] = h.seed;
  j["inputs"] = nlohmann::ordered_json::array();
  for (const InputFile& f : h.inputs)
    j["inputs"].push_back({{"path", f.path}, {"bytes", f.bytes}, {"fnv1a64", f.fnv1a64}});
  j["invalid"] = nlohmann::ordered_json::array();
  for (const auto& [name, reason] : h.invalid) j["invalid"].push_back({{"instance", name}, {"reason", reason}});
  j["instances"] = study.instances.size() - h.invalid.size();
  j["configurations"] = study.configs.size();
  return j;
}

}  // namespace

std::uint64_t fnv1a64(const std::string& bytes) {
  std::uint64_t h = kFnvOffset;
  for (unsigned char c : bytes) h = (h ^ c) * kFnvPrime;
  return h;
}

std::uint64_t fnv1a64(std::istream& in, std::uint64_t& bytes) {
  std::uint64_t h = kFnvOffset;
  bytes = 0;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    const auto n = static_cast<std::size_t>(in.gcount());
    for (std::size_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(buffer[i])) * kFnvPrime;
    bytes += n;
  }
  return h;
}

std::string hex64(std::uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

InputFile describe_input(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open for reading");
  InputFile f;
  f.path = path;
  f.fnv1a64 = hex64(fnv1a64(in, f.bytes));
  if (in.bad()) throw InputError(path + ": read error");
  return f;
}

InputFile describe_input(const std::string& path, const std::string& content) {
  InputFile f;
  f.path = path;
  f.bytes = content.size();
  f.fnv1a64 = hex64(fnv1a64(content));
  return f;
}

std::vector<std::string> csv_columns(const std::vector<Configuration>& configs) {
  std::vector<std::string> out = {"group", "instance", "number"};
  for (Dimension d : study_dimensions(configs)) out.push_back(to_string(d));
  out.push_back("status");
  out.push_back("detail");
  for (Counter c : kCounters) out.push_back(to_string(c));
  return out;
}

std::vector<std::string> extra_columns(const Study& study) {
  const bool objective = optimises(study);
  std::vector<std::string> out;
  if (objective || study.limits.max_solutions != 1) out.push_back("solutions");
  if (objective) out.push_back("objective");
  return out;
}

void write_csv_header(std::ostream& out, const Study& study) {
  const StudyHeader& h = study.header;
  out << "# schema: " << kSchema << '\n'
      << "# program: csp ablate\n"
      << "# version: " << h.version << '\n'
      << "# commit: " << h.commit << '\n'
      << "# date: " << h.date << '\n'
      << "# command: " << one_line(joined_command(h.command)) << '\n'
      << "# model: " << study.model << '\n'
      << "# options: " << dump(h.options) << '\n'
      << "# seed: " << h.seed << '\n';
  for (const InputFile& f : h.inputs)
    out << "# input: " << one_line(f.path) << " bytes=" << f.bytes << " fnv1a64=" << f.fnv1a64 << '\n';
  for (const auto& [name, reason] : h.invalid)
    out << "# invalid: " << one_line(name) << ": " << one_line(reason) << '\n';
  std::vector<std::string> columns = csv_columns(study.configs);
  for (const std::string& column : extra_columns(study)) columns.push_back(column);
  for (std::size_t i = 0; i < columns.size(); ++i) out << (i == 0 ? "" : ",") << columns[i];
  out << '\n';
}

void write_csv_row(std::ostream& out, const Study& study, const RunRecord& r) {
  const std::vector<std::string> values = row_values(study, r);
  for (std::size_t i = 0; i < values.size(); ++i) out << (i == 0 ? "" : ",") << csv_field(values[i]);
  out << '\n';
}

void write_csv(std::ostream& out, const Study& study) {
  write_csv_header(out, study);
  for (const RunRecord& r : study.records) write_csv_row(out, study, r);
}

nlohmann::ordered_json to_json(const Study& study, const std::vector<Summary>& summaries) {
  nlohmann::ordered_json j;
  j["schema"] = kSchema;
  j["header"] = header_json(study);
  j["rows"] = nlohmann::ordered_json::array();
  const std::vector<std::string> extra = extra_columns(study);
  for (const RunRecord& r : study.records) {
    const Instance& inst = study.instances.at(r.instance);
    const Configuration& c = study.configs.at(r.config);
    nlohmann::ordered_json row;
    row["group"] = inst.group;
    row["instance"] = inst.name;
    row["number"] = inst.number;
    for (Dimension d : study_dimensions(study.configs)) row[to_string(d)] = c.get(d);
    row["status"] = to_string(r.status);
    row["detail"] = r.detail;
    for (Counter k : kCounters) row[to_string(k)] = static_cast<std::int64_t>(counter_value(r.stats, k));
    for (const std::string& column : extra) {
      if (column == "solutions") row["solutions"] = r.stats.solutions;
      if (column == "objective") row["objective"] = r.objective ? nlohmann::ordered_json(*r.objective) : nullptr;
    }
    j["rows"].push_back(std::move(row));
  }
  j["summary"] = nlohmann::ordered_json::array();
  for (const Summary& s : summaries) {
    const Configuration& c = study.configs.at(s.config);
    nlohmann::ordered_json row;
    row["group"] = s.group;
    for (Dimension d : study_dimensions(study.configs)) row[to_string(d)] = c.get(d);
    row["instances"] = s.instances;
    row["solved"] = s.solved;
    row["unsatisfiable"] = s.unsatisfiable;
    row["timeouts"] = s.timeouts;
    row["node_limits"] = s.node_limits;
    row["wrong"] = s.wrong;
    row["errors"] = s.errors;
    row["disqualified"] = s.disqualified;
    row["total_us"] = s.total_us;
    for (Counter k : kCounters) {
      const CounterStats& st = s.stats(k);
      row[to_string(k)] = {{"mean", st.mean}, {"median", st.median}, {"max", st.max}};
    }
    for (const std::string& column : extra) {
      const std::optional<CounterStats> st = column == "solutions" ? std::optional(s.solutions) : s.objective;
      row[column] = st ? nlohmann::ordered_json{{"mean", st->mean}, {"median", st->median}, {"max", st->max}}
                       : nlohmann::ordered_json(nullptr);
    }
    j["summary"].push_back(std::move(row));
  }
  return j;
}

void write_json(std::ostream& out, const Study& study, const std::vector<Summary>& summaries,
                const nlohmann::ordered_json& comparison) {
  const nlohmann::ordered_json j = to_json(study, summaries);
  out << "{\n\"schema\": " << dump(j["schema"]) << ",\n\"header\": " << dump(j["header"], 1) << ",\n\"rows\": [";
  for (const char* key : {"rows", "summary"}) {
    if (std::string(key) == "summary") out << "],\n\"summary\": [";
    bool first = true;
    for (const auto& row : j[key]) {
      out << (first ? "\n" : ",\n") << dump(row);
      first = false;
    }
  }
  out << "]";
  if (!comparison.is_null()) out << ",\n\"comparison\": " << dump(comparison, 1);
  out << "\n}\n";
}

}  // namespace csp::ablation
