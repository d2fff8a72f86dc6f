// The MPI job csp runs in, when started by mpirun (built with CSP_WITH_MPI): rank, size, world communicator.
// Without CSP_WITH_MPI, or when not started by a launcher, csp is one process: rank 0 of 1.
#pragma once

namespace csp::cli {

/// Starts MPI when the process was started by an MPI launcher (mpirun / srun set OMPI_COMM_WORLD_SIZE, PMI_SIZE or
/// PMIX_RANK) and this is csp-mpi (built with CSP_WITH_MPI); otherwise does nothing, except that csp (built without
/// MPI) started by a launcher replaces itself with csp-mpi from its own folder (or, when that cannot run, says so on
/// standard error and goes on as one process). Called once by main; MPI is finalised at exit. Requests
/// MPI_THREAD_FUNNELED: only the main thread of a rank calls MPI.
void start_mpi(int& argc, char**& argv);

/// This process's rank in the job (0 when not under MPI).
int mpi_rank();
/// The number of ranks (1 when not under MPI).
int mpi_size();
/// True when the job has more than one rank: csp sudoku, csp ablate and csp sudoku-generate then share their work
/// among the ranks (mpi/distributor.hpp).
inline bool mpi_active() { return mpi_size() > 1; }

/// Ends every rank of the job at once with `status` (MPI_Abort), after flushing standard output and standard error.
/// Used on rank 0 when an error stops a distributed batch, so that no rank waits for ever. Without MPI: std::_Exit.
[[noreturn]] void mpi_abort(int status);

}  // namespace csp::cli
