// MPI start-up (Boost.MPI) when csp runs under a launcher; one process of one rank otherwise.
#include "mpi_session.hpp"

#include <chrono>
#include <cstdlib>
#include <thread>
#include <iostream>
#include <memory>

#include "output.hpp"

#ifdef CSP_WITH_MPI
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#endif

namespace csp::cli {

namespace {

#ifdef CSP_WITH_MPI
std::unique_ptr<boost::mpi::environment>& environment() {
  static std::unique_ptr<boost::mpi::environment> env;
  return env;
}

bool under_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    const char* v = std::getenv(name);
    if (v != nullptr && *v != '\0') return true;
  }
  return false;
}
#endif

int& rank_value() {
  static int rank = 0;
  return rank;
}
int& size_value() {
  static int size = 1;
  return size;
}

}  // namespace

void start_mpi([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#ifdef CSP_WITH_MPI
  if (!under_launcher() || environment()) return;
  environment() = std::make_unique<boost::mpi::environment>(argc, argv, boost::mpi::threading::funneled, true);
  const boost::mpi::communicator world;
  rank_value() = world.rank();
  size_value() = world.size();
  // Finalised at exit (after main returns), when every rank has left its command.
  std::atexit([] { environment().reset(); });
#endif
}

int mpi_rank() { return rank_value(); }
int mpi_size() { return size_value(); }

void mpi_abort(int status) {
  finish_standard_output();
  std::cerr.flush();
#ifdef CSP_WITH_MPI
  if (environment()) {
    // mpirun forwards the ranks' output: a moment for the last lines to get through before its own abort message.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    environment()->abort(status);
  }
#endif
  std::_Exit(status);
}

}  // namespace csp::cli
