// `csp ablate`: runs a grid of configurations on a model's instances, prints the table, writes CSV / JSON / SVG.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdlib>
#include <optional>
#include <iostream>
#include <numeric>
#include <random>

#include "ablate_options.hpp"
#include "ablate_progress.hpp"
#include "ablation/build_info.hpp"
#include "ablation/plot.hpp"
#include "ablation/report.hpp"
#include "ablation/summary.hpp"
#include "interrupt.hpp"
#include "ordered_pool.hpp"
#include "output.hpp"
#include "subcommands.hpp"

namespace csp::cli {

namespace {

using ablation::InputError;

struct Work {
  std::size_t instance;
  std::size_t config;
};

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

// The run order: instance by instance (configurations in grid order), shuffled with `seed` unless it is 0.
// Fisher-Yates over std::mt19937_64, whose output is fixed by the standard, so an order is the same everywhere.
void shuffle(std::vector<Work>& work, std::uint64_t seed) {
  if (seed == 0) return;
  std::mt19937_64 rng(seed);
  for (std::size_t i = work.size(); i > 1; --i) std::swap(work[i - 1], work[rng() % i]);
}

int run(const std::vector<std::string>& args) {
  const std::optional<AblateOptions> parsed = parse_ablate_options(args);
  if (!parsed) return 0;
  const AblateOptions& o = *parsed;
  const ablation::ModelSpec& spec = ablation::find_model(o.model);

  ablation::Study study;
  study.model = o.model;
  study.limits = o.limits;
  study.configs = ablation::expand_grid(o.grid);
  study.header.version = ablation::program_version();
  study.header.commit = ablation::git_commit();
  study.header.date = utc_now();
  study.header.command = {"csp", "ablate"};
  study.header.command.insert(study.header.command.end(), args.begin(), args.end());
  study.header.options = o.to_json();
  study.header.seed = o.seed;
  // Each file is read once (a FIFO too): the bytes are hashed for the header and parsed from memory.
  ablation::ModelInputs inputs = o.inputs;
  for (const std::string& f : inputs.files) {
    inputs.contents.push_back(ablation::read_study_file(f));
    study.header.inputs.push_back(ablation::describe_input(f, inputs.contents.back()));
  }
  study.instances = spec.enumerate(inputs);
  inputs.contents.clear();

  std::vector<std::size_t> valid;
  for (std::size_t i = 0; i < study.instances.size(); ++i) {
    const ablation::Instance& inst = study.instances[i];
    if (inst.valid()) {
      valid.push_back(i);
    } else {
      std::cerr << "csp ablate: " << inst.name << ": invalid, excluded: " << inst.error << '\n';
      study.header.invalid.emplace_back(inst.name, inst.error);
    }
  }
  if (valid.empty()) throw InputError("no valid instance to run");

  // Output files are created now, so that a bad path fails before the study runs rather than after.
  std::optional<OutputFile> csv;
  std::optional<OutputFile> json;
  if (!o.csv.empty()) csv.emplace("--csv", o.csv);
  if (!o.json.empty()) json.emplace("--json", o.json);
  if (!o.plot.empty()) OutputFile("--plot", o.plot).close();

  std::vector<Work> work;
  for (std::size_t i : valid)
    for (std::size_t c = 0; c < study.configs.size(); ++c) work.push_back({i, c});
  shuffle(work, o.seed);

  const auto start = std::chrono::steady_clock::now();
  std::size_t threads_used = 1;
  std::vector<ablation::RunRecord> records;
  records.reserve(work.size());
  {
    ProgressBar progress(work.size());
    OrderedPool<Work, ablation::RunRecord> pool(
        o.jobs, std::min<std::size_t>(work.size(), std::max<std::size_t>(1024, 64 * std::size_t{o.jobs})),
        [&](Work& w) {
          ablation::RunRecord r = ablation::run_one(study.instances[w.instance], study.configs[w.config], o.limits);
          r.instance = w.instance;
          r.config = w.config;
          return r;
        },
        [&](ablation::RunRecord& r) {
          records.push_back(std::move(r));
          progress.tick();
        });
    if (!pool.start_failure().empty()) std::cerr << "csp ablate: " << pool.start_failure() << '\n';
    threads_used = std::max<std::size_t>(1, pool.threads());
    catch_interrupts();
    pool.set_poll(check_interrupt);
    try {
      for (const Work& w : work) pool.submit(w);
      pool.finish();
    } catch (const Interrupted& e) {
      // No table from a part of the grid: it would compare configurations on different instances.
      progress.finish();
      std::cerr << "csp ablate: interrupted by " << e.signal_name() << " after " << records.size() << " of "
                << work.size() << " runs; no table or output file written\n";
      std::cerr.flush();
      std::_Exit(e.exit_status());  // the worker threads may be inside a long search: do not wait for them
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::sort(records.begin(), records.end(), [](const ablation::RunRecord& a, const ablation::RunRecord& b) {
    return a.instance != b.instance ? a.instance < b.instance : a.config < b.config;
  });
  study.records = std::move(records);

  std::vector<ablation::Summary> summaries = ablation::summarize(study.records, study.instances, study.configs.size());
  ablation::sort_summaries(summaries, o.sort, study.configs);
  ablation::write_table(std::cout, study, summaries, {o.sort, o.wide});
  std::cout.flush();

  if (csv) {
    ablation::write_csv(csv->stream(), study);
    csv->close();  // throws OutputError naming --csv and the file when a write or the close failed
  }
  if (json) {
    ablation::write_json(json->stream(), study, summaries);
    json->close();
  }
  if (!o.plot.empty()) ablation::write_plot(o.plot, study, summaries, o.plot_metric);

  std::size_t failures = 0;
  for (const ablation::RunRecord& r : study.records) {
    if (r.status != ablation::RunStatus::wrong && r.status != ablation::RunStatus::error) continue;
    if (failures++ < 10)
      std::cerr << "csp ablate: " << study.instances[r.instance].name << " with "
                << study.configs[r.config].label() << ": " << ablation::to_string(r.status) << ": " << r.detail << '\n';
  }
  char wall_text[32];
  std::snprintf(wall_text, sizeof wall_text, "%.1f", wall);
  if (standard_output_failed()) throw OutputError(finish_standard_output());
  std::cerr << "csp ablate: " << study.records.size() << " runs (" << valid.size() << " instances x "
            << study.configs.size() << " configurations) in " << wall_text << " s on " << threads_used << " thread"
            << (threads_used == 1 ? "" : "s") << '\n';
  return failures == 0 ? 0 : 1;
}

}  // namespace

int run_ablate(const std::vector<std::string>& args) {
  try {
    return run(args);
  } catch (const InputError& e) {
    std::cerr << "csp ablate: " << e.what() << "\nRun 'csp ablate --help' for usage.\n";
    return 2;
  }
}

}  // namespace csp::cli
