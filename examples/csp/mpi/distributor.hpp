// MpiDistributor: OrderedPool's shape over the ranks of an MPI job (built with CSP_WITH_MPI only).
// Rank 0 reads the input and submits items (strings); they go out in chunks, on demand, to the other ranks and to a
// worker thread of rank 0; results (strings) come back and reach the sink in submission order.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace csp::cli {

/// Turns one item into its result, on any rank. Must not throw for bad input (that is a result); an exception (out
/// of memory) stops the whole job with its message on rank 0.
using MpiWork = std::function<std::string(std::string& item)>;

/// Traffic and time of one rank, printed on standard error at the end with CSP_MPI_STATS=1 (docs/scale.md).
struct MpiTraffic {
  std::uint64_t bytes_sent = 0;
  std::uint64_t bytes_received = 0;
  std::uint64_t messages = 0;  ///< sent and received
  double mpi_seconds = 0;      ///< inside MPI calls (send, probe, receive)
  double idle_seconds = 0;     ///< a worker rank waiting for its next chunk
  double work_seconds = 0;     ///< computing chunks
  std::uint64_t items = 0;     ///< items computed by this rank (rank 0: by its worker thread)
};

/// Rank 0's side. Items are handed out in chunks of `chunk` items; each rank gets at most three chunks ahead of its
/// results (the other ranks are served before rank 0's own worker thread), so a rank that draws a slow item delays only its own chunk while the others keep drawing (no idle ranks
/// behind a heavy tail); at most `window` items wait on rank 0 for an earlier result, so memory stays bounded.
/// `jobs` threads work inside each rank (OrderedPool), rank 0 included (one worker thread of its own: its main thread
/// reads, sends, receives and writes).
class MpiDistributor {
 public:
  MpiDistributor(unsigned jobs, std::size_t chunk, std::size_t window, MpiWork work,
                 std::function<void(std::string&)> sink);
  MpiDistributor(const MpiDistributor&) = delete;
  MpiDistributor& operator=(const MpiDistributor&) = delete;
  /// Stops rank 0's worker thread. After an exception the other ranks are still busy: the caller ends the job
  /// (mpi_abort).
  ~MpiDistributor();

  /// Called between items and while waiting (every few milliseconds); may throw to stop (an interrupt).
  void set_poll(std::function<void()> poll) { poll_ = std::move(poll); }
  /// Queues `item`; may deliver earlier results before returning.
  void submit(std::string item);
  /// Sends what is left, delivers every result, and tells the other ranks to stop (mpi_serve returns there).
  void finish();
  const MpiTraffic& traffic() const { return traffic_; }

 private:
  struct Pending;
  void dispatch_chunk();
  bool progress();  // receives and delivers what is ready; returns whether anything happened
  void deliver();
  void local_worker();

  unsigned jobs_;
  std::size_t chunk_;
  std::size_t window_;
  MpiWork work_;
  std::function<void(std::string&)> sink_;
  std::function<void()> poll_;
  std::vector<std::string> current_;              // the chunk being filled
  std::uint64_t next_seq_ = 0;                    // sequence number of the next item submitted
  std::uint64_t next_out_ = 0;                    // next sequence number to deliver
  std::map<std::uint64_t, std::string> results_;  // received, not yet delivered
  std::vector<int> outstanding_;                  // chunks out per rank (index 0: rank 0's worker thread)
  std::vector<std::unique_ptr<Pending>> sends_;   // non-blocking sends not yet complete
  // rank 0's worker thread
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::pair<std::uint64_t, std::vector<std::string>>> local_in_;
  std::deque<std::pair<std::uint64_t, std::vector<std::string>>> local_out_;
  std::string local_error_;
  bool stopping_ = false;
  std::thread local_;
  MpiTraffic traffic_;
  bool finished_ = false;
};

/// The side of ranks 1..N-1: computes the chunks rank 0 sends with `jobs` threads until rank 0 says stop. Returns 0,
/// or 2 after reporting an exception of `work` to rank 0 (which ends the job).
int mpi_serve(unsigned jobs, const MpiWork& work);

/// Computes a chunk in order with `jobs` threads (OrderedPool).
std::vector<std::string> compute_chunk(std::vector<std::string>& items, unsigned jobs, const MpiWork& work);

/// Writes "csp: rank R: ..." on standard error when CSP_MPI_STATS=1.
void report_traffic(const MpiTraffic& t);

}  // namespace csp::cli
