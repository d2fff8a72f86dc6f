// MPI start-up (Boost.MPI) when csp runs under a launcher; one process of one rank otherwise. The program csp is
// built without MPI, so that the runs that are not under mpirun never load Open MPI (40% of csp's start-up);
// under a launcher it replaces itself with csp-mpi, the same program built with MPI, installed beside it.
#include "mpi/session.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <system_error>
#include <thread>

#include "output/output.hpp"

#ifdef CSP_WITH_MPI
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#endif

namespace csp::cli {

namespace {

bool under_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    const char* v = std::getenv(name);
    if (v != nullptr && *v != '\0') return true;
  }
  return false;
}

#ifdef CSP_WITH_MPI
std::unique_ptr<boost::mpi::environment>& environment() {
  static std::unique_ptr<boost::mpi::environment> env;
  return env;
}
#else
// Replaces this process with csp-mpi from this program's folder, with the same arguments and environment (the
// launcher's variables included). Returns only when that fails: then csp runs as one process, as a csp built
// without MPI always did, after saying so.
void run_csp_mpi(char** argv) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::filesystem::path program = ec ? std::filesystem::path("csp-mpi") : self.parent_path() / "csp-mpi";
  ::execv(program.c_str(), argv);
  const int error = errno;
  std::cerr << "csp: started by an MPI launcher, but " << program.string() << " cannot run (" << std::strerror(error)
            << "): this process does the whole job alone (docs/scale.md)\n";
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
#ifndef CSP_WITH_MPI
  if (under_launcher()) run_csp_mpi(argv);
#else
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
