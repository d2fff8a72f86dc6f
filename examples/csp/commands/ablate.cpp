// `csp ablate`: runs a grid of configurations on a model's instances, prints the table (and a paired comparison),
// writes CSV / JSON / SVG.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>

#include "batch/interrupt.hpp"
#include "csp/ablation/build_info.hpp"
#include "csp/ablation/paired.hpp"
#include "csp/ablation/plot.hpp"
#include "csp/ablation/report.hpp"
#include "csp/ablation/run_order.hpp"
#include "csp/ablation/summary.hpp"
#include "options/ablate_options.hpp"
#include "output/progress_bar.hpp"
#ifdef CSP_WITH_MPI
#include "mpi/commands.hpp"
#include "mpi/distributor.hpp"
#endif
#include "batch/ordered_pool.hpp"
#include "commands/commands.hpp"
#include "mpi/session.hpp"
#include "output/output.hpp"

namespace csp::cli {

namespace {

using ablation::InputError;

using Work = ablation::WorkItem;  // the run order and a cell's run: csp/ablation/run_order.hpp

// The bytes of the --csv file of an earlier run ("" when there is none yet: --resume then starts the study).
std::string read_previous_csv(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return "";
  return ablation::read_study_file(path);
}

// CSP_TEST_ABLATE_STOP_AFTER=K (tests only): the run stops as at SIGTERM once K new rows are written.
std::size_t test_stop_after() {
  const char* text = std::getenv("CSP_TEST_ABLATE_STOP_AFTER");
  if (text == nullptr || *text == '\0') return 0;
  return static_cast<std::size_t>(std::strtoull(text, nullptr, 10));
}

// Replaces `path` by `from` (written and closed) in one step, so that the --csv file is never half written.
void replace_file(const std::string& from, const std::string& path) {
  std::error_code ec;
  std::filesystem::rename(from, path, ec);
  if (ec) throw OutputError("--csv: cannot rename '" + from + "' to '" + path + "': " + ec.message());
}

// The study of the options: its configurations (--compare checked against them) and its header.
ablation::Study make_study(const AblateOptions& o, const std::vector<std::string>& args) {
  ablation::Study study;
  study.model = o.model;
  study.limits = o.limits;
  study.configs = ablation::expand_grid(o.grid);
  // --compare names two configurations of this grid: checked before anything runs (exit 2 naming the valid ones).
  if (!o.compare_a.empty()) ablation::compared_configs(study.configs, o.compare_a, o.compare_b);
  study.header.version = ablation::program_version();
  study.header.commit = ablation::git_commit();
  study.header.date = ablation::utc_now();
  study.header.command = {"csp", "ablate"};
  study.header.command.insert(study.header.command.end(), args.begin(), args.end());
  study.header.options = o.to_json();
  study.header.seed = o.seed;
  return study;
}

// The study's instances. Each file is read once (a FIFO too): the bytes are hashed for the header and parsed from
// memory. Under MPI only rank 0 reads, and sends the bytes to the other ranks.
void enumerate_instances(const AblateOptions& o, ablation::Study& study) {
  ablation::ModelInputs inputs = o.inputs;
  std::string read_error;
  if (mpi_rank() == 0) {
    try {
      for (const std::string& f : inputs.files) {
        inputs.contents.push_back(ablation::read_study_file(f));
        study.header.inputs.push_back(ablation::describe_input(f, inputs.contents.back()));
      }
    } catch (const InputError& e) {
      if (!mpi_active()) throw;
      read_error = e.what();
    }
  }
#ifdef CSP_WITH_MPI
  if (mpi_active()) broadcast_inputs(inputs.contents, read_error);
#endif
  if (!read_error.empty()) throw InputError(read_error);
  study.instances = ablation::find_model(o.model).enumerate(inputs);
  std::set<std::string> warned;  // a file's warnings once, not once per colour count
  for (const ablation::Instance& inst : study.instances)
    for (const std::string& w : inst.warnings)
      if (mpi_rank() == 0 && warned.insert(w).second) std::cerr << "csp ablate: warning: " << w << '\n';
}

// The indices of the valid instances (ablation::valid_instances); each invalid one is reported once on standard
// error (and is in the header).
std::vector<std::size_t> reported_valid_instances(ablation::Study& study) {
  const std::vector<std::size_t> valid = ablation::valid_instances(study);
  if (mpi_rank() == 0)
    for (const auto& [name, why] : study.header.invalid)
      std::cerr << "csp ablate: " << name << ": invalid, excluded: " << why << '\n';
  if (valid.empty()) throw InputError("no valid instance to run");
  return valid;
}

// The output files of a study, created before it runs, so that a bad path fails then rather than after.
struct Outputs {
  std::optional<OutputFile> csv;
  std::optional<OutputFile> json;
  std::string csv_part;  // FILE.part: where the CSV is written before it replaces FILE
};

// Creates the output files. The CSV gets its header and every row as it finishes (flushed), so that a killed study
// can go on with --resume; at the end it is rewritten in (instance, configuration) order.
void open_outputs(const AblateOptions& o, const ablation::Study& study, const std::vector<ablation::RunRecord>& records,
                  Outputs& out) {
  out.csv_part = o.csv + ".part";
  if (!o.csv.empty()) {
    // Resuming, the rows kept are written to FILE.part, which then replaces FILE: never a moment without them.
    out.csv.emplace("--csv", o.resume ? out.csv_part : o.csv);
    ablation::write_csv_header(out.csv->stream(), study);
    for (const ablation::RunRecord& r : records) ablation::write_csv_row(out.csv->stream(), study, r);
    out.csv->stream().flush();
    if (o.resume) replace_file(out.csv_part, o.csv);  // the open file is now FILE: rows are appended to it
  }
  if (!o.json.empty()) out.json.emplace("--json", o.json);
  if (!o.plot.empty()) OutputFile("--plot", o.plot).close();
}

using RunWork = std::function<ablation::RunRecord(const Work&)>;
using Sink = std::function<void(ablation::RunRecord&)>;

// Runs `work` on o.jobs threads (under MPI on every rank), each record to `sink` as it finishes; returns the
// number of threads used.
std::size_t run_pool(const AblateOptions& o, const std::vector<Work>& work, const RunWork& run_work,
                     [[maybe_unused]] const std::function<std::string(std::string&)>& mpi_work, const Sink& sink) {
#ifdef CSP_WITH_MPI
  if (mpi_active()) {
    const std::size_t chunk = 16 * static_cast<std::size_t>(o.jobs);
    MpiDistributor distributor(o.jobs, chunk, 0, mpi_work, [&](std::string& bytes) {
      ablation::RunRecord r = unpack_run_record(bytes);
      sink(r);
    });
    distributor.set_poll(check_interrupt);
    try {
      for (const Work& w : work) distributor.submit(std::to_string(w.instance) + ' ' + std::to_string(w.config));
      distributor.finish();
    } catch (const Interrupted&) {
      throw;
    } catch (const std::exception& e) {
      std::cerr << "csp ablate: " << e.what() << '\n';
      mpi_abort(2);
    }
    return static_cast<std::size_t>(mpi_size()) * o.jobs;
  }
#endif
  OrderedPool<Work, ablation::RunRecord> pool(
      o.jobs, std::min<std::size_t>(work.size(), std::max<std::size_t>(1024, 64 * std::size_t{o.jobs})), run_work,
      [&](ablation::RunRecord& r) { sink(r); });
  if (!pool.start_failure().empty()) std::cerr << "csp ablate: " << pool.start_failure() << '\n';
  const std::size_t threads = std::max<std::size_t>(1, pool.threads());
  pool.set_poll(check_interrupt);
  for (const Work& w : work) pool.submit(w);
  pool.finish();
  return threads;
}

// Runs `work`, appending each record to `records` (and to the CSV, flushed) with a progress bar; returns the number
// of threads used. At SIGINT / SIGTERM it says how far it got and exits (no table from a part of the grid).
std::size_t run_all(const AblateOptions& o, const ablation::Study& study, const std::vector<Work>& work,
                    std::size_t resumed, const RunWork& run_work,
                    const std::function<std::string(std::string&)>& mpi_work, Outputs& out,
                    std::vector<ablation::RunRecord>& records) {
  std::size_t threads_used = 1;
  records.reserve(records.size() + work.size());
  ProgressBar progress(work.size());
  const std::size_t stop_after = test_stop_after();
  std::size_t new_rows = 0;
  const Sink sink = [&](ablation::RunRecord& r) {
    if (out.csv) {
      ablation::write_csv_row(out.csv->stream(), study, r);
      out.csv->stream().flush();
    }
    records.push_back(std::move(r));
    progress.tick();
    if (++new_rows == stop_after) std::raise(SIGTERM);
  };
  catch_interrupts();
  try {
    threads_used = run_pool(o, work, run_work, mpi_work, sink);
  } catch (const Interrupted& e) {
    // No table from a part of the grid: it would compare configurations on different instances.
    progress.finish();
    std::cerr << "csp ablate: interrupted by " << e.signal_name() << " after " << records.size() - resumed << " of "
              << work.size() << " runs; no table written";
    if (out.csv) {
      const bool flushed = static_cast<bool>(out.csv->stream().flush());
      std::cerr << (flushed ? "; " : "; could not write all of ") << o.csv << " holds the " << records.size()
                << " runs done: continue with --resume";
    }
    std::cerr << '\n';
    std::cerr.flush();
    mpi_abort(e.exit_status());  // the worker threads may be inside a long search: do not wait for them
  }
  return threads_used;
}

// The table (and the paired comparison) on standard output, then the CSV in order, the JSON and the chart.
void write_reports(const AblateOptions& o, const ablation::Study& study, Outputs& out) {
  std::vector<ablation::Summary> summaries = ablation::summarize(study.records, study.instances, study.configs.size());
  ablation::sort_summaries(summaries, o.sort, study.configs);
  ablation::write_table(std::cout, study, summaries, {o.sort, o.wide});
  std::optional<ablation::PairedComparison> comparison;
  if (!o.compare_a.empty()) {
    comparison = ablation::compare_configurations(study, o.compare_a, o.compare_b, o.plot_metric, o.seed);
    std::cout << '\n';
    ablation::write_comparison(std::cout, *comparison);
  }
  std::cout.flush();
  if (out.csv) {
    out.csv->close();  // throws OutputError naming --csv and the file when a write or the close failed
    OutputFile sorted("--csv", out.csv_part);
    ablation::write_csv(sorted.stream(), study);
    sorted.close();
    replace_file(out.csv_part, o.csv);
  }
  if (out.json) {
    ablation::write_json(out.json->stream(), study, summaries,
                         comparison ? ablation::comparison_to_json(*comparison) : nlohmann::ordered_json());
    out.json->close();
  }
  if (!o.plot.empty()) ablation::write_plot(o.plot, study, summaries, o.plot_metric, o.plot_kind);
}

// Reports the first 10 runs whose solution failed verification or whose model failed to build; returns how many.
std::size_t report_failures(const ablation::Study& study) {
  std::size_t failures = 0;
  for (const ablation::RunRecord& r : study.records) {
    if (r.status != ablation::RunStatus::wrong && r.status != ablation::RunStatus::error) continue;
    if (failures++ < 10)
      std::cerr << "csp ablate: " << study.instances[r.instance].name << " with " << study.configs[r.config].label()
                << ": " << ablation::to_string(r.status) << ": " << r.detail << '\n';
  }
  return failures;
}

int run(const std::vector<std::string>& args) {
  const std::optional<AblateOptions> parsed = parse_ablate_options(args);
  if (!parsed) return 0;
  const AblateOptions& o = *parsed;
  ablation::Study study = make_study(o, args);
  enumerate_instances(o, study);
  const std::vector<std::size_t> valid = reported_valid_instances(study);

  const RunWork run_work = [&](const Work& w) { return ablation::run_item(study, w); };
  std::function<std::string(std::string&)> mpi_work;
#ifdef CSP_WITH_MPI
  // Ranks 1..N-1 run what rank 0 sends: "instance config" indices into the study every rank enumerated alike.
  mpi_work = [&](std::string& item) {
    Work w{};
    std::istringstream(item) >> w.instance >> w.config;
    return pack_run_record(run_work(w));
  };
  if (mpi_rank() != 0) return mpi_serve(o.jobs, mpi_work);
#endif

  // --resume: the rows of the --csv file of an interrupted run (its header must match this run's).
  std::vector<ablation::RunRecord> records;
  if (o.resume) {
    const std::string previous = read_previous_csv(o.csv);
    if (!previous.empty()) records = ablation::read_csv_rows(o.csv, previous, study);
  }
  const std::size_t resumed = records.size();
  Outputs out;
  open_outputs(o, study, records, out);
  const std::vector<Work> work = ablation::run_order(valid, study.configs.size(), o.seed, records);

  const auto start = std::chrono::steady_clock::now();
  const std::size_t threads_used = run_all(o, study, work, resumed, run_work, mpi_work, out, records);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ablation::sort_records(records);
  study.records = std::move(records);
  write_reports(o, study, out);

  const std::size_t failures = report_failures(study);
  char wall_text[32];
  std::snprintf(wall_text, sizeof wall_text, "%.1f", wall);
  if (standard_output_failed()) throw OutputError(finish_standard_output());
  std::cerr << "csp ablate: " << study.records.size() << " runs (" << valid.size() << " instances x "
            << study.configs.size() << " configurations";
  if (resumed != 0) std::cerr << ", " << resumed << " of them resumed from " << o.csv;
  std::cerr << ") in " << wall_text << " s on " << threads_used << " thread" << (threads_used == 1 ? "" : "s") << '\n';
  return failures == 0 ? 0 : 1;
}

}  // namespace

int run_ablate(const std::vector<std::string>& args) {
  try {
    return run(args);
  } catch (const InputError& e) {
    if (mpi_rank() != 0) return 2;  // every rank parses the same command line: rank 0 says what is wrong
    std::cerr << "csp ablate: " << e.what() << "\nRun 'csp ablate --help' for usage.\n";
    return 2;
  }
}

}  // namespace csp::cli
