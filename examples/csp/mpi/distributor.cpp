// MpiDistributor and mpi_serve: chunks of items out, results back, in order (Boost.MPI over point-to-point messages).
#include "mpi/distributor.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/request.hpp>
#include <boost/mpi/status.hpp>
#include <boost/optional.hpp>

#include "batch/ordered_pool.hpp"
#include "mpi/session.hpp"
#include "mpi/wire.hpp"

namespace csp::cli {

namespace {

namespace mpi = boost::mpi;
using Clock = std::chrono::steady_clock;

enum Tag : int { kChunk = 1, kResults = 2, kStop = 3, kError = 4 };

// Chunks a rank may hold beyond the one it computes: enough that it never waits for rank 0 between chunks.
constexpr int kAhead = 3;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Receives the message `status` announced (a probe's answer) as bytes.
std::string receive(const mpi::communicator& world, const mpi::status& status, MpiTraffic& traffic) {
  const int n = status.count<char>().value_or(0);
  std::string bytes(static_cast<std::size_t>(n), '\0');
  world.recv(status.source(), status.tag(), bytes.data(), n);
  traffic.bytes_received += static_cast<std::uint64_t>(n);
  ++traffic.messages;
  return bytes;
}

// Waits for a message from `source` (probing, then sleeping a little longer each time up to 1 ms: a waiting rank
// leaves the core to the ranks that compute, which matters when ranks outnumber cores).
mpi::status wait_message(const mpi::communicator& world, int source, MpiTraffic& traffic) {
  const Clock::time_point start = Clock::now();
  auto nap = std::chrono::microseconds(20);
  for (;;) {
    if (boost::optional<mpi::status> s = world.iprobe(source, mpi::any_tag)) {
      traffic.idle_seconds += since(start);
      return *s;
    }
    std::this_thread::sleep_for(nap);
    nap = std::min(nap * 2, std::chrono::microseconds(1000));
  }
}

}  // namespace

std::vector<std::string> compute_chunk(std::vector<std::string>& items, unsigned jobs, const MpiWork& work) {
  std::vector<std::string> out;
  out.reserve(items.size());
  OrderedPool<std::string, std::string> pool(static_cast<unsigned>(std::min<std::size_t>(jobs, items.size())),
                                             items.size(), work,
                                             [&out](std::string& r) { out.push_back(std::move(r)); });
  for (std::string& item : items) pool.submit(std::move(item));
  pool.finish();
  return out;
}

void report_traffic(const MpiTraffic& t) {
  const char* on = std::getenv("CSP_MPI_STATS");
  if (on == nullptr || std::string(on) != "1") return;
  std::cerr << "csp: rank " << mpi_rank() << " of " << mpi_size() << ": " << t.items << " items computed in "
            << t.work_seconds << " s; sent " << t.bytes_sent << " bytes, received " << t.bytes_received << " bytes in "
            << t.messages << " messages; " << t.mpi_seconds << " s in MPI calls, " << t.idle_seconds
            << " s waiting for work\n";
}

struct MpiDistributor::Pending {
  std::string bytes;
  mpi::request request;
};

MpiDistributor::MpiDistributor(unsigned jobs, std::size_t chunk, std::size_t window, MpiWork work,
                               std::function<void(std::string&)> sink)
    : jobs_(std::max(1U, jobs)),
      chunk_(std::max<std::size_t>(1, chunk)),
      work_(std::move(work)),
      sink_(std::move(sink)),
      outstanding_(static_cast<std::size_t>(mpi_size()), 0) {
  // Room for kAhead + 1 chunks per rank in flight and as many waiting behind a slow one.
  window_ = std::max(window, chunk_ * (2 * (kAhead + 1) * static_cast<std::size_t>(mpi_size()) + 2));
  local_ = std::thread([this] { local_worker(); });
}

MpiDistributor::~MpiDistributor() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
  // After an exception rank 0's worker may be inside a long item: the caller ends the process (mpi_abort or
  // _Exit) without waiting for it.
  if (finished_) {
    if (local_.joinable()) local_.join();
  } else if (local_.joinable()) {
    local_.detach();
  }
}

void MpiDistributor::local_worker() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ready_.wait(lock, [this] { return stopping_ || !local_in_.empty(); });
    if (stopping_) return;
    auto [first, items] = std::move(local_in_.front());
    local_in_.pop_front();
    lock.unlock();
    std::vector<std::string> results;
    std::string error;
    const Clock::time_point start = Clock::now();
    try {
      results = compute_chunk(items, jobs_, work_);
    } catch (const std::exception& e) {
      error = e.what();
    }
    lock.lock();
    traffic_.work_seconds += since(start);
    traffic_.items += results.size();
    if (!error.empty()) local_error_ = "rank 0: " + error;
    local_out_.emplace_back(first, std::move(results));
  }
}

void MpiDistributor::submit(std::string item) {
  if (poll_) poll_();
  current_.push_back(std::move(item));
  if (current_.size() < chunk_) return;
  dispatch_chunk();
  progress();  // once a chunk: a probe can cost a time slice on a busy machine (Open MPI yields when oversubscribed)
}

void MpiDistributor::dispatch_chunk() {
  if (current_.empty()) return;
  const std::size_t n = current_.size();
  // Wait for a rank with room, and for room in the window.
  auto nap = std::chrono::microseconds(20);
  for (;;) {
    // The other ranks first (up to kAhead chunks each): rank 0's main thread may be slow to come back to them
    // (it also reads and writes), while its own worker thread is served at once; it takes a chunk only when every
    // other rank has its fill.
    const auto remote = std::min_element(outstanding_.begin() + 1, outstanding_.end());
    const auto best = remote != outstanding_.end() && *remote < kAhead ? remote : outstanding_.begin();
    if (*best < kAhead && next_seq_ + n - next_out_ <= window_) {
      const auto rank = static_cast<int>(best - outstanding_.begin());
      const std::uint64_t first = next_seq_;
      next_seq_ += n;
      ++*best;
      if (rank == 0) {
        {
          std::lock_guard lock(mutex_);
          local_in_.emplace_back(first, std::move(current_));
        }
        ready_.notify_one();
      } else {
        const Clock::time_point start = Clock::now();
        auto pending = std::make_unique<Pending>();
        pending->bytes = wire::pack(first, current_);
        const mpi::communicator world;
        pending->request = world.isend(rank, kChunk, pending->bytes.data(), static_cast<int>(pending->bytes.size()));
        traffic_.bytes_sent += pending->bytes.size();
        ++traffic_.messages;
        sends_.push_back(std::move(pending));
        traffic_.mpi_seconds += since(start);
      }
      current_.clear();
      return;
    }
    if (progress()) {
      nap = std::chrono::microseconds(20);
    } else {
      std::this_thread::sleep_for(nap);
      nap = std::min(nap * 2, std::chrono::microseconds(1000));
    }
  }
}

bool MpiDistributor::progress() {
  bool happened = false;
  const mpi::communicator world;
  const Clock::time_point start = Clock::now();
  while (boost::optional<mpi::status> s = world.iprobe(mpi::any_source, mpi::any_tag)) {
    std::string bytes = receive(world, *s, traffic_);
    if (s->tag() == kError) throw std::runtime_error("rank " + std::to_string(s->source()) + ": " + bytes);
    std::uint64_t first = 0;
    std::vector<std::string> results = wire::unpack(bytes, first);
    for (std::string& r : results) results_.emplace(first++, std::move(r));
    --outstanding_[static_cast<std::size_t>(s->source())];
    happened = true;
  }
  sends_.erase(std::remove_if(sends_.begin(), sends_.end(),
                              [](std::unique_ptr<Pending>& p) { return p->request.test().has_value(); }),
               sends_.end());
  traffic_.mpi_seconds += since(start);
  {
    std::lock_guard lock(mutex_);
    if (!local_error_.empty()) throw std::runtime_error(local_error_);
    while (!local_out_.empty()) {
      auto& [first, results] = local_out_.front();
      std::uint64_t seq = first;
      for (std::string& r : results) results_.emplace(seq++, std::move(r));
      local_out_.pop_front();
      --outstanding_[0];
      happened = true;
    }
  }
  deliver();
  if (poll_) poll_();
  return happened;
}

void MpiDistributor::deliver() {
  for (auto it = results_.find(next_out_); it != results_.end(); it = results_.find(next_out_)) {
    std::string r = std::move(it->second);
    results_.erase(it);
    ++next_out_;
    sink_(r);
  }
}

void MpiDistributor::finish() {
  dispatch_chunk();
  auto nap = std::chrono::microseconds(20);
  while (next_out_ < next_seq_) {
    if (progress()) {
      nap = std::chrono::microseconds(20);
    } else {
      std::this_thread::sleep_for(nap);
      nap = std::min(nap * 2, std::chrono::microseconds(1000));
    }
  }
  const mpi::communicator world;
  const Clock::time_point start = Clock::now();
  for (int rank = 1; rank < world.size(); ++rank) {
    world.send(rank, kStop, static_cast<const char*>(nullptr), 0);
    ++traffic_.messages;
  }
  for (auto& p : sends_) p->request.wait();
  sends_.clear();
  traffic_.mpi_seconds += since(start);
  finished_ = true;
  report_traffic(traffic_);
}

int mpi_serve(unsigned jobs, const MpiWork& work) {
  const mpi::communicator world;
  MpiTraffic traffic;
  for (;;) {
    const mpi::status s = wait_message(world, 0, traffic);
    Clock::time_point start = Clock::now();
    std::string bytes = receive(world, s, traffic);
    traffic.mpi_seconds += since(start);
    if (s.tag() == kStop) break;
    std::uint64_t first = 0;
    std::vector<std::string> items = wire::unpack(bytes, first);
    start = Clock::now();
    std::string reply;
    int tag = kResults;
    try {
      const std::vector<std::string> results = compute_chunk(items, jobs, work);
      traffic.items += results.size();
      reply = wire::pack(first, results);
    } catch (const std::exception& e) {
      reply = e.what();
      tag = kError;
    }
    traffic.work_seconds += since(start);
    start = Clock::now();
    world.send(0, tag, reply.data(), static_cast<int>(reply.size()));
    traffic.bytes_sent += reply.size();
    ++traffic.messages;
    traffic.mpi_seconds += since(start);
    if (tag == kError) return 2;  // rank 0 ends the job
  }
  report_traffic(traffic);
  return 0;
}

}  // namespace csp::cli
