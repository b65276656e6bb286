// Which creations a parked decoder answers: the whole creation struct but its context lock, and what the caller's
// struct holds afterwards.
#include "harness.h"

#include <cstddef>
#include <cstring>

namespace zci::pool_test {
namespace {

// Every member of CUVIDDECODECREATEINFO, listed here apart from the pool's own list; the static_assert holds this
// list to the header as the pool holds its own.
struct Member {
  const char *name;
  size_t offset, size;
};
#define MEMBER(m)                                                                                                      \
  { #m, offsetof(CUVIDDECODECREATEINFO, m), sizeof(CUVIDDECODECREATEINFO::m) }
constexpr Member kMembers[] = {MEMBER(ulWidth),
                               MEMBER(ulHeight),
                               MEMBER(ulNumDecodeSurfaces),
                               MEMBER(CodecType),
                               MEMBER(ChromaFormat),
                               MEMBER(ulCreationFlags),
                               MEMBER(bitDepthMinus8),
                               MEMBER(ulIntraDecodeOnly),
                               MEMBER(ulMaxWidth),
                               MEMBER(ulMaxHeight),
                               MEMBER(Reserved1),
                               MEMBER(display_area),
                               MEMBER(OutputFormat),
                               MEMBER(DeinterlaceMode),
                               MEMBER(ulTargetWidth),
                               MEMBER(ulTargetHeight),
                               MEMBER(ulNumOutputSurfaces),
                               MEMBER(vidLock),
                               MEMBER(target_rect),
                               MEMBER(enableHistogram),
                               MEMBER(Reserved2)};
#undef MEMBER
constexpr bool tiles() {
  size_t end = 0;
  for (const Member &m : kMembers) {
    if (m.offset != end) return false;
    end += m.size;
  }
  return end == sizeof(CUVIDDECODECREATEINFO);
}
static_assert(tiles(), "the test's member list must name every member of CUVIDDECODECREATEINFO");

constexpr uint64_t kLargeBudget = 4ull << 30;

// Creates a decoder through the pool; the handle, or nullptr when the call failed.
CUvideodecoder create(const Pool &pool, CUVIDDECODECREATEINFO &info) {
  CUvideodecoder h = nullptr;
  return pool.create(&h, &info) == CUDA_SUCCESS ? h : nullptr;
}

} // namespace

POOL_TEST(identical_creation_gets_the_parked_decoder_and_the_driver_filled_struct) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kLargeBudget);
  pool.allow(context(1));
  fake.ctxPush(context(1));

  CUVIDDECODECREATEINFO first = baseInfo();
  const CUvideodecoder h1 = create(pool, first);
  CHECK(h1 != nullptr);
  CHECK_EQ(pool.outcome(), 1);
  // What the fake driver wrote into the caller's struct on creation.
  CHECK_EQ(first.ulMaxWidth, 1920);
  CHECK_EQ(first.target_rect.bottom, 1080);
  CHECK_EQ(first.Reserved1, 1);
  CHECK_EQ(pool.destroy(h1), CUDA_SUCCESS);
  CHECK_EQ(fake.read().destroys, 0);
  CHECK_EQ(pool.read().parked, 1);
  CHECK_EQ(pool.read().parkedBytes, kBaseBytes);

  CUVIDDECODECREATEINFO second = baseInfo();
  const CUvideodecoder h2 = create(pool, second);
  CHECK(h2 == h1);
  CHECK_EQ(pool.outcome(), 2);
  CHECK_EQ(fake.read().creates, 1);
  // Byte for byte what the driver left in the first caller's struct (Reserved1 is that creation's number).
  CHECK(std::memcmp(&second, &first, sizeof first) == 0);
  const zci_pool_stats s = pool.read();
  CHECK_EQ(s.reused, 1);
  CHECK_EQ(s.created, 1);
  CHECK_EQ(s.parked, 0);
  CHECK_EQ(s.parkedBytes, 0);
  CHECK_EQ(s.live, 1);
}

POOL_TEST(a_difference_in_any_member_but_the_lock_makes_a_new_decoder) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kLargeBudget);
  pool.allow(context(1));
  fake.ctxPush(context(1));
  CUVIDDECODECREATEINFO base = baseInfo();
  const CUvideodecoder parked = create(pool, base);
  CHECK_EQ(pool.destroy(parked), CUDA_SUCCESS);

  uint64_t creates = 1;
  for (const Member &m : kMembers) {
    if (std::strcmp(m.name, "vidLock") == 0) continue;
    CUVIDDECODECREATEINFO other = baseInfo();
    reinterpret_cast<unsigned char *>(&other)[m.offset] ^= 1; // the member's first byte
    const CUvideodecoder h = create(pool, other);
    if (!CHECK(h != nullptr && h != parked)) std::fprintf(stderr, "  member %s\n", m.name);
    if (!CHECK_EQ(fake.read().creates, ++creates)) std::fprintf(stderr, "  member %s\n", m.name);
    pool.destroy(h); // parked beside the base decoder
  }
  CUVIDDECODECREATEINFO again = baseInfo();
  CHECK(create(pool, again) == parked);
  CHECK_EQ(fake.read().creates, creates);
  CHECK_EQ(fake.read().destroys, 0);
}

POOL_TEST(a_parked_decoder_answers_only_its_own_context) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kLargeBudget);
  pool.allow(context(1));
  pool.allow(context(2));
  fake.ctxPush(context(1));
  CUVIDDECODECREATEINFO info = baseInfo();
  const CUvideodecoder inOne = create(pool, info);
  pool.destroy(inOne);
  fake.ctxPush(context(2));
  info = baseInfo();
  const CUvideodecoder inTwo = create(pool, info);
  CHECK(inTwo != nullptr && inTwo != inOne);
  CHECK_EQ(fake.read().creates, 2);
  CHECK_EQ(pool.read().parked, 1);
}

POOL_TEST(a_decoder_with_a_context_lock_never_parks_nor_reuses) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kLargeBudget);
  pool.allow(context(1));
  fake.ctxPush(context(1));
  CUVIDDECODECREATEINFO plain = baseInfo();
  const CUvideodecoder parked = create(pool, plain);
  pool.destroy(parked);

  CUVIDDECODECREATEINFO locked = baseInfo();
  locked.vidLock = reinterpret_cast<CUvideoctxlock>(static_cast<uintptr_t>(0x4000));
  const CUvideodecoder h = create(pool, locked);
  CHECK(h != nullptr && h != parked);
  CHECK_EQ(fake.read().creates, 2);
  CHECK_EQ(pool.read().parked, 1);
  CHECK_EQ(pool.destroy(h), CUDA_SUCCESS);
  // Destroyed at once, on the caller's thread, as FFmpeg expects.
  CHECK_EQ(fake.destroyer(h), threadId());
  CHECK_EQ(pool.read().parked, 1);
}

POOL_TEST(a_context_the_core_does_not_keep_parks_nothing) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kLargeBudget);
  fake.ctxPush(context(3)); // never allowed
  CUVIDDECODECREATEINFO info = baseInfo();
  const CUvideodecoder h = create(pool, info);
  CHECK_EQ(pool.destroy(h), CUDA_SUCCESS);
  CHECK_EQ(fake.destroyer(h), threadId());
  info = baseInfo();
  CHECK(create(pool, info) != nullptr);
  CHECK_EQ(fake.read().creates, 2);
  CHECK_EQ(pool.read().reused, 0);
}

POOL_TEST(a_failed_creation_is_the_drivers_answer_and_holds_nothing) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kLargeBudget);
  pool.allow(context(1));
  fake.ctxPush(context(1));
  CUVIDDECODECREATEINFO bad = baseInfo();
  bad.ulWidth = 0; // the fake refuses it
  CUvideodecoder h = nullptr;
  CHECK_EQ(pool.create(&h, &bad), ZCI_FAKE_INVALID_VALUE);
  const zci_pool_stats s = pool.read();
  CHECK_EQ(s.created, 0);
  CHECK_EQ(s.live, 0);
}

POOL_TEST(the_mapping_witness_names_a_reused_decoders_parameters) {
  Pool pool;
  Fake fake;
  setUp(pool, fake, kLargeBudget);
  pool.allow(context(1));
  fake.ctxPush(context(1));
  CUVIDDECODECREATEINFO info = baseInfo();
  info.ulTargetWidth = 1280;
  info.ulTargetHeight = 720;
  const CUvideodecoder h = create(pool, info);
  pool.destroy(h);
  info = baseInfo();
  info.ulTargetWidth = 1280;
  info.ulTargetHeight = 720;
  CHECK(create(pool, info) == h);
  unsigned long long ptr = 0;
  unsigned int pitch = 0;
  CUVIDPROCPARAMS vpp{};
  CHECK_EQ(pool.map(h, 3, &ptr, &pitch, &vpp), CUDA_SUCCESS);
  const uint64_t sequence = pool.threadLast();
  CHECK_EQ(sequence, 1);
  zci_pool_mapping m{};
  CHECK_EQ(pool.findSequence(sequence, &m), 1);
  CHECK_EQ(m.devPtr, ptr);
  CHECK_EQ(m.pitch, 2048);
  CHECK_EQ(m.picIdx, 3);
  CHECK_EQ(m.paramsKnown, 1);
  CHECK_EQ(m.targetWidth, 1280);
  CHECK_EQ(m.targetHeight, 720);
  CHECK_EQ(m.codec, cudaVideoCodec_H264);
}

} // namespace zci::pool_test
