// The MPI paths of csp sudoku, csp sudoku-generate and csp ablate: items and results as bytes (mpi/wire.hpp).
#include "mpi/commands.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include "batch/batch_summary.hpp"
#include "batch/interrupt.hpp"
#include "batch/puzzle_files.hpp"
#include "batch/sudoku_solve.hpp"
#include "csp/models/sudoku/format.hpp"
#include "mpi/distributor.hpp"
#include "mpi/session.hpp"
#include "mpi/wire.hpp"
#include "output/output.hpp"
#include "output/printable.hpp"
#include "output/sudoku_output.hpp"

namespace csp::cli {

namespace {

// Items per chunk: CSP_MPI_CHUNK when set (docs/scale.md measures it), else 16 per thread of a rank.
std::size_t chunk_items(unsigned jobs) {
  if (const char* text = std::getenv("CSP_MPI_CHUNK"); text != nullptr && *text != '\0') {
    char* end = nullptr;
    const long k = std::strtol(text, &end, 10);
    if (*end == '\0' && k > 0) return static_cast<std::size_t>(k);
  }
  return 16 * static_cast<std::size_t>(std::max(1U, jobs));
}

std::string pack_record(const models::PuzzleRecord& r) {
  wire::Writer w;
  w.put_string(r.source)
      .put<std::uint64_t>(r.line)
      .put_string(r.text)
      .put(static_cast<int>(r.error))
      .put_string(r.reason);
  w.put<char>(r.grid ? 1 : 0);
  if (r.grid) {
    w.put(r.grid->box.rows).put(r.grid->box.cols).put<std::uint64_t>(r.grid->cells.size());
    for (int c : r.grid->cells) w.put(static_cast<std::uint8_t>(c));  // 0..32: one byte a cell
  }
  return w.take();
}

models::PuzzleRecord unpack_record(const std::string& bytes) {
  wire::Reader in(bytes);
  models::PuzzleRecord r;
  r.source = in.get_string();
  r.line = static_cast<std::size_t>(in.get<std::uint64_t>());
  r.text = in.get_string();
  r.error = static_cast<models::PuzzleError>(in.get<int>());
  r.reason = in.get_string();
  if (in.get<char>() != 0) {
    models::SudokuGrid g;
    g.box.rows = in.get<int>();
    g.box.cols = in.get<int>();
    g.cells.resize(static_cast<std::size_t>(in.get<std::uint64_t>()));
    for (int& c : g.cells) c = in.get<std::uint8_t>();
    r.grid = std::move(g);
  }
  return r;
}

// Runs rank 0's side of a batch; an exception other than an interrupt is reported as `who` would and ends the job.
template <class Body>
int on_rank0(const char* who, Body body) {
  try {
    return body();
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << who << ": " << printable(e.what()) << '\n';
    mpi_abort(2);
  }
}

}  // namespace

int run_sudoku_mpi(const std::vector<std::string>& files, const SudokuOptions& options) {
  const MpiWork work = [&options](std::string& item) {
    PuzzleOutcome o = solve_record(unpack_record(item), options);
    std::ostringstream text;
    write_outcome(text, o, options);
    wire::Writer w;
    w.put(static_cast<int>(o.status)).put(o.micros).put(o.stats).put_string(text.str());
    return w.take();
  };
  if (mpi_rank() != 0) return mpi_serve(options.jobs, work);

  catch_interrupts();
  const auto start = std::chrono::steady_clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  BatchSummary summary;
  int status = 0;
  return on_rank0("csp sudoku", [&] {
    MpiDistributor distributor(options.jobs, chunk_items(options.jobs), 0, work, [&](std::string& bytes) {
      wire::Reader in(bytes);
      PuzzleOutcome o;
      o.status = static_cast<PuzzleStatus>(in.get<int>());
      o.micros = in.get<std::int64_t>();
      o.stats = in.get<Statistics>();
      std::cout << in.get_string();
      summary.add(o);
      if (standard_output_failed()) throw OutputError(finish_standard_output());
    });
    distributor.set_poll(check_interrupt);
    try {
      status =
          read_puzzle_files(files, options.box, [&](models::PuzzleRecord& r) { distributor.submit(pack_record(r)); });
      distributor.finish();
    } catch (const Interrupted& e) {
      const std::string why = finish_standard_output();
      summary.write(std::cerr, seconds(), e.signal_name());
      if (!why.empty()) std::cerr << "csp sudoku: " << why << '\n';
      mpi_abort(e.exit_status());
    } catch (const OutputError&) {
      summary.write(std::cerr, seconds());
      throw;
    }
    std::cout.flush();
    summary.write(std::cerr, seconds());
    if (status != 0) return status;
    return summary.all_solved() ? 0 : 1;
  });
}

int run_generate_mpi(models::BoxShape box, std::uint64_t count, std::uint64_t seed, models::Symmetry symmetry) {
  const MpiWork work = [&](std::string& item) {
    return models::to_line(models::generate_sudoku(box, seed + std::stoull(item), symmetry));
  };
  if (mpi_rank() != 0) return mpi_serve(1, work);
  return on_rank0("csp sudoku-generate", [&] {
    // One puzzle per chunk: a puzzle takes milliseconds to seconds, far more than a message.
    MpiDistributor distributor(1, 1, 0, work, [](std::string& line) {
      std::cout << line << '\n' << std::flush;
      if (standard_output_failed()) throw OutputError(finish_standard_output());
    });
    for (std::uint64_t i = 0; i < count; ++i) distributor.submit(std::to_string(i));
    distributor.finish();
    return 0;
  });
}

void broadcast_inputs(std::vector<std::string>& contents, std::string& error) {
  const boost::mpi::communicator world;
  boost::mpi::broadcast(world, error, 0);
  if (error.empty()) boost::mpi::broadcast(world, contents, 0);
}

std::string pack_run_record(const ablation::RunRecord& r) {
  wire::Writer w;
  w.put<std::uint64_t>(r.instance).put<std::uint64_t>(r.config).put(static_cast<int>(r.status)).put_string(r.detail);
  w.put(r.stats);
  w.put(static_cast<int>(r.optimisation)).put(static_cast<int>(r.objective.has_value()));
  w.put<long long>(r.objective.value_or(0));
  return w.take();
}

ablation::RunRecord unpack_run_record(const std::string& bytes) {
  wire::Reader in(bytes);
  ablation::RunRecord r;
  r.instance = static_cast<std::size_t>(in.get<std::uint64_t>());
  r.config = static_cast<std::size_t>(in.get<std::uint64_t>());
  r.status = static_cast<ablation::RunStatus>(in.get<int>());
  r.detail = in.get_string();
  r.stats = in.get<Statistics>();
  r.optimisation = in.get<int>() != 0;
  const bool has_objective = in.get<int>() != 0;
  const auto objective = in.get<long long>();
  if (has_objective) r.objective = objective;
  return r;
}

}  // namespace csp::cli
