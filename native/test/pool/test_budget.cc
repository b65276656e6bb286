// The byte budget, the reaper thread, a budget of 0, dropping a context and releasing everything.
#include "harness.h"

#include <vector>

namespace zci::pool_test {
namespace {

CUvideodecoder create(const Pool &pool) {
  CUVIDDECODECREATEINFO info = baseInfo();
  CUvideodecoder h = nullptr;
  return pool.create(&h, &info) == CUDA_SUCCESS ? h : nullptr;
}

bool destroyed(const Fake &fake, CUvideodecoder h) {
  return fake.destroyer(h) != 0;
}

} // namespace

POOL_TEST(parking_past_the_budget_destroys_the_oldest_on_the_reaper) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 2 * kBaseBytes + kBaseBytes / 2); // room for two
  pool.allow(context(1));
  fake.ctxPush(context(1));
  const CUvideodecoder h1 = create(pool), h2 = create(pool), h3 = create(pool);
  CHECK_EQ(fake.read().creates, 3);
  pool.destroy(h1);
  pool.destroy(h2);
  CHECK_EQ(pool.read().evicted, 0);
  pool.destroy(h3); // over the budget: h1, the oldest, goes
  CHECK(waitFor([&] { return destroyed(fake, h1); }));
  CHECK(fake.destroyer(h1) != threadId()); // on the reaper, not the caller
  CHECK(!destroyed(fake, h2));
  CHECK(!destroyed(fake, h3));
  CHECK_EQ(fake.read().destroysOutOfContext, 0); // the reaper made h1's context current
  const zci_pool_stats s = pool.read();
  CHECK_EQ(s.parked, 2);
  CHECK_EQ(s.parkedBytes, 2 * kBaseBytes);
  CHECK_EQ(s.evicted, 1);
  // The newest parked answers first.
  CHECK(create(pool) == h3);
  CHECK(create(pool) == h2);
  CHECK_EQ(fake.read().creates, 3);
}

POOL_TEST(a_decoder_larger_than_the_budget_is_destroyed_on_the_reaper) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kBaseBytes / 2);
  pool.allow(context(1));
  fake.ctxPush(context(1));
  const CUvideodecoder h = create(pool);
  CHECK_EQ(pool.destroy(h), CUDA_SUCCESS);
  CHECK(waitFor([&] { return destroyed(fake, h); }));
  CHECK(fake.destroyer(h) != threadId());
  CHECK_EQ(pool.read().parked, 0);
}

POOL_TEST(a_budget_of_0_turns_pooling_off) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 0); // what the core passes for ZCI_DECODER_POOL_MB=0, were it to load the pool
  pool.allow(context(1));
  fake.ctxPush(context(1));
  const CUvideodecoder h1 = create(pool);
  CHECK_EQ(pool.destroy(h1), CUDA_SUCCESS);
  CHECK_EQ(fake.destroyer(h1), threadId()); // destroyed at once, by the caller
  const CUvideodecoder h2 = create(pool);
  CHECK(h2 != nullptr && h2 != h1);
  CHECK_EQ(fake.read().creates, 2);
  CUVIDDECODECAPS q{};
  q.eCodecType = cudaVideoCodec_H264;
  q.eChromaFormat = cudaVideoChromaFormat_420;
  pool.caps(&q);
  pool.caps(&q);
  CHECK_EQ(fake.read().capsCalls, 2);
  const zci_pool_stats s = pool.read();
  CHECK_EQ(s.reused, 0);
  CHECK_EQ(s.parked, 0);
  CHECK_EQ(s.live, 0);
  CHECK_EQ(s.capsCached, 0);
}

POOL_TEST(dropping_a_context_destroys_its_parked_decoders_before_it_returns) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 64 * kBaseBytes);
  pool.allow(context(1));
  pool.allow(context(2));
  fake.ctxPush(context(1));
  const CUvideodecoder a1 = create(pool), a2 = create(pool);
  fake.ctxPush(context(2));
  const CUvideodecoder b1 = create(pool);
  pool.destroy(b1);
  void *popped = nullptr;
  fake.ctxPop(&popped);
  pool.destroy(a1);
  pool.destroy(a2);
  CHECK_EQ(pool.read().parked, 3);

  fake.ctxPop(&popped); // the core drops a context from no context in particular
  pool.drop(context(1));
  CHECK(destroyed(fake, a1));
  CHECK(destroyed(fake, a2));
  CHECK(!destroyed(fake, b1));
  CHECK_EQ(fake.read().destroysOutOfContext, 0);
  CHECK_EQ(pool.read().parked, 1);
  CHECK_EQ(pool.read().evicted, 2);

  // The context is no longer kept: its decoders are destroyed at once again.
  fake.ctxPush(context(1));
  const CUvideodecoder a3 = create(pool);
  CHECK(a3 != a1 && a3 != a2);
  pool.destroy(a3);
  CHECK_EQ(fake.destroyer(a3), threadId());
}

POOL_TEST(dropping_a_context_waits_for_the_reaper_and_takes_its_queue_back) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kBaseBytes + kBaseBytes / 2); // room for one
  pool.allow(context(1));
  pool.allow(context(2));
  fake.ctxPush(context(2));
  const CUvideodecoder b1 = create(pool);
  void *popped = nullptr;
  fake.ctxPop(&popped);
  fake.ctxPush(context(1));
  const CUvideodecoder a1 = create(pool), a2 = create(pool), a3 = create(pool);
  fake.setDestroyDelayMs(300); // the reaper is still destroying a1 when the drop comes, then b1
  pool.destroy(a1);
  pool.destroy(b1); // a1 to the reaper
  pool.destroy(a2); // b1 queued
  pool.destroy(a3); // a2 queued behind b1, of the other context; a3 parked
  CHECK(waitFor([&] { return fake.calls("cuvidDestroyDecoder") >= 1; })); // the reaper has begun on a1
  fake.ctxPop(&popped);
  pool.drop(context(1));
  // Nothing of the context is left once the drop returns: the one under way finished, the queued one taken back from
  // the reaper and the parked one destroyed by the drop.
  CHECK(destroyed(fake, a1));
  CHECK(destroyed(fake, a2));
  CHECK(destroyed(fake, a3));
  CHECK_EQ(fake.read().destroysOutOfContext, 0);
  CHECK_EQ(pool.read().parked, 0);
  CHECK(waitFor([&] { return destroyed(fake, b1); })); // the other context's, on the reaper
}

POOL_TEST(release_all_destroys_everything_parked_and_parks_no_more) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, 64 * kBaseBytes);
  pool.allow(context(1));
  fake.ctxPush(context(1));
  std::vector<CUvideodecoder> hs = {create(pool), create(pool), create(pool)};
  pool.destroy(hs[0]);
  pool.destroy(hs[1]);
  pool.releaseAll();
  CHECK(destroyed(fake, hs[0]) && destroyed(fake, hs[1]));
  CHECK_EQ(pool.read().parked, 0);
  pool.destroy(hs[2]);
  CHECK_EQ(fake.destroyer(hs[2]), threadId());
  CHECK_EQ(fake.read().live, 0);
}

} // namespace zci::pool_test
