/* zci_recorder_impl.h: the implementation of Zero-Copy Inspector's recorder (zci_recorder.h), which includes it
 * where ZCI_RECORDER_IMPLEMENTATION is defined. Keep it beside zci_recorder.h; include zci_recorder.h, not this file.
 */
#ifndef ZCI_RECORDER_H
#error "Include zci_recorder.h (with ZCI_RECORDER_IMPLEMENTATION defined in one C file), not zci_recorder_impl.h."
#endif
#ifndef ZCI_RECORDER_IMPLEMENTED
#define ZCI_RECORDER_IMPLEMENTED
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <time.h>
#ifdef __cplusplus
#define ZCI__STD ((long)__cplusplus)
#else
#define ZCI__STD ((long)__STDC_VERSION__)
#endif
#ifdef LIBAVUTIL_VERSION_INT
#define ZCI__FFMPEG                                                                                                    \
  ",\"ffmpeg\":\"libavutil " AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR) "." AV_STRINGIFY(                                   \
      LIBAVUTIL_VERSION_MINOR) "." AV_STRINGIFY(LIBAVUTIL_VERSION_MICRO) "\""
#else
#define ZCI__FFMPEG ""
#endif
#define ZCI_BOUNDARY_BYTES 32
#define ZCI_THUMB_COLUMNS 128
#define ZCI_THUMB_CAP (32 * 1024)
typedef CUresult (*zci_fn_init)(unsigned int);
typedef CUresult (*zci_fn_attr)(void *, CUpointer_attribute, CUdeviceptr);
typedef CUresult (*zci_fn_range)(CUdeviceptr *, size_t *, CUdeviceptr);
typedef CUresult (*zci_fn_ctx)(CUcontext *);
typedef CUresult (*zci_fn_push)(CUcontext);
typedef CUresult (*zci_fn_stream)(CUstream);
typedef CUresult (*zci_fn_mkstream)(CUstream *, unsigned int);
typedef CUresult (*zci_fn_copy2d)(const CUDA_MEMCPY2D *, CUstream);
typedef CUresult (*zci_fn_htod)(CUdeviceptr, const void *, size_t, CUstream);
typedef CUresult (*zci_fn_version)(int *);
struct zci_recorder {
  void *lib;
  FILE *out, *final; /* out: this frame's record (a temporary file), final: the facts file */
  CUstream stream;
  CUcontext stream_ctx;
  char error[512];
  zci_fn_init init;
  zci_fn_attr attr;
  zci_fn_range range;
  zci_fn_ctx get_ctx, pop_ctx;
  zci_fn_push push_ctx;
  zci_fn_stream query, sync, destroy;
  zci_fn_mkstream create;
  zci_fn_copy2d copy2d;
  zci_fn_htod htod;
  zci_fn_version version;
};
static int zci__sym(zci_recorder *r, void *fn, size_t size, const char *name) {
  void *sym = dlsym(r->lib, name);
  if (!sym) return snprintf(r->error, sizeof r->error, "no CUDA driver: %s is missing from libcuda", name), -1;
  memcpy(fn, &sym, size);
  return 0;
}
#define ZCI__SYM(r, field, name) zci__sym((r), &(r)->field, sizeof((r)->field), (name))
zci_recorder *zci_open(const char *path, char *error, size_t error_size) {
  zci_recorder *r = (zci_recorder *)calloc(1, sizeof *r);
  int v = 0, bad;
  char name[64] = "c-program";
  FILE *comm;
  if (!r) return snprintf(error, error_size, "out of memory"), (zci_recorder *)NULL;
  r->lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!r->lib) {
    snprintf(error, error_size, "no CUDA driver: libcuda.so.1 could not be loaded (%s)", dlerror());
    free(r);
    return NULL;
  }
  bad = ZCI__SYM(r, init, "cuInit") | ZCI__SYM(r, attr, "cuPointerGetAttribute") |
        ZCI__SYM(r, range, "cuMemGetAddressRange_v2") | ZCI__SYM(r, get_ctx, "cuCtxGetCurrent") |
        ZCI__SYM(r, pop_ctx, "cuCtxPopCurrent_v2") | ZCI__SYM(r, push_ctx, "cuCtxPushCurrent_v2") |
        ZCI__SYM(r, query, "cuStreamQuery") | ZCI__SYM(r, sync, "cuStreamSynchronize") |
        ZCI__SYM(r, destroy, "cuStreamDestroy_v2") | ZCI__SYM(r, create, "cuStreamCreate") |
        ZCI__SYM(r, copy2d, "cuMemcpy2DAsync_v2") | ZCI__SYM(r, htod, "cuMemcpyHtoDAsync_v2") |
        ZCI__SYM(r, version, "cuDriverGetVersion");
  if (bad || r->init(0) != CUDA_SUCCESS || !(r->out = fopen(path, "w"))) {
    snprintf(error, error_size, "%s", bad ? r->error : r->out ? "no CUDA driver: cuInit failed" : "cannot write facts");
    dlclose(r->lib);
    free(r);
    return NULL;
  }
  if ((comm = fopen("/proc/self/comm", "r"))) {
    if (fgets(name, sizeof name, comm)) name[strcspn(name, "\n\"\\")] = 0;
    fclose(comm);
  }
  r->version(&v);
  fprintf(r->out,
          "{\"facts\":\"zci-recorder-process\",\"name\":\"%s\",\"pid\":%ld,\"versions\":{\"c\":\"%ld\","
          "\"cudaDriver\":\"%d.%d\"" ZCI__FFMPEG "}}\n",
          name, (long)getpid(), ZCI__STD, v / 1000, (v % 1000) / 10);
  return r;
}

const char *zci_last_error(const zci_recorder *rec) {
  return rec->error;
}

void zci_close(zci_recorder *r) {
  if (!r) return;
  if (r->stream) r->destroy(r->stream);
  if (r->final) fclose(r->final);
  dlclose(r->lib);
  free(r);
}

static int zci__fail(zci_recorder *r, const char *what, int plane, const char *why) {
  snprintf(r->error, sizeof r->error, "%s plane %d: %s", what, plane, why);
  return -1;
}

/* Bytes [col, col + width) of `rows` rows `pitch` apart, for each column, into dst (the recorder's stream). */
static int zci__read(zci_recorder *r, CUcontext ctx, CUdeviceptr base, size_t pitch, const size_t *cols, int ncols,
                     size_t width, size_t rows, unsigned char *dst) {
  CUcontext popped;
  int i, ok = r->push_ctx(ctx) == CUDA_SUCCESS;
  if (ok && r->stream_ctx != ctx) {
    if (r->stream) r->destroy(r->stream);
    ok = r->create(&r->stream, CU_STREAM_NON_BLOCKING) == CUDA_SUCCESS, r->stream_ctx = ctx;
  }
  for (i = 0; ok && i < ncols; ++i) {
    CUDA_MEMCPY2D c;
    memset(&c, 0, sizeof c);
    c.srcXInBytes = cols[i], c.srcMemoryType = CU_MEMORYTYPE_DEVICE, c.srcDevice = base, c.srcPitch = pitch;
    c.dstXInBytes = i * width, c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = dst, c.dstPitch = ncols * width;
    c.WidthInBytes = width, c.Height = rows;
    ok = r->copy2d(&c, r->stream) == CUDA_SUCCESS;
  }
  ok = ok && r->sync(r->stream) == CUDA_SUCCESS; /* the recorder's own stream only */
  r->pop_ctx(&popped);
  return ok ? 0 : -1;
}

static void zci__hex(FILE *out, const unsigned char *b, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    fprintf(out, "%02x", b[i]);
}

static void zci__string(FILE *out, const char *s) {
  fputc('"', out);
  for (; s && *s; ++s)
    (*s == '"' || *s == '\\') ? fprintf(out, "\\%c", *s) : (unsigned char)*s < 32 ? fputc(' ', out) : fputc(*s, out);
  fputc('"', out);
}

typedef struct zci__alloc {
  CUdeviceptr start;
  size_t size;
  unsigned int memory;
  int device;
  CUcontext ctx;
  unsigned long long buffer_id;
} zci__alloc;

/* The allocation a pointer lies in, asked in its own context: cuMemGetAddressRange needs a current context, and
 * FFmpeg's CUDA device (its own context unless asked for the primary one) is current only while FFmpeg works. */
static CUresult zci__range(zci_recorder *r, CUdeviceptr pointer, zci__alloc *a) {
  CUcontext owner = NULL, popped;
  int pushed = r->attr(&owner, CU_POINTER_ATTRIBUTE_CONTEXT, pointer) == CUDA_SUCCESS && owner != NULL &&
               r->push_ctx(owner) == CUDA_SUCCESS;
  CUresult rc = r->range(&a->start, &a->size, pointer);
  if (pushed) r->pop_ctx(&popped);
  return rc;
}

static int zci__check(zci_recorder *r, const zci_frame_desc *d, const char *what, zci__alloc *a) {
  int i;
  if (d->num_planes < 1 || d->num_planes > ZCI_MAX_PLANES) return zci__fail(r, what, 0, "1 to 8 planes are read");
  for (i = 0; i < d->num_planes; ++i) {
    const zci_plane *p = &d->planes[i];
    unsigned long long end;
    if (!p->pointer) return zci__fail(r, what, i, "the plane pointer is null");
    if (p->pitch < 0) return zci__fail(r, what, i, "negative pitch; the recorder reads rows top to bottom only");
    if (p->width < 1 || p->height < 1 || p->bytes_per_sample < 1) return zci__fail(r, what, i, "empty plane");
    if (p->pitch < (long long)p->width * p->bytes_per_sample) return zci__fail(r, what, i, "pitch below a row's bytes");
    if (r->attr(&a[i].memory, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, p->pointer) != CUDA_SUCCESS ||
        zci__range(r, p->pointer, &a[i]) != CUDA_SUCCESS)
      return zci__fail(r, what, i, "lies in no live CUDA allocation: a host pointer, or device memory already freed");
    if (a[i].memory == CU_MEMORYTYPE_HOST) return zci__fail(r, what, i, "is host memory; device memory is read");
    end = p->pointer + (unsigned long long)p->pitch * (p->height - 1) +
          (unsigned long long)p->width * p->bytes_per_sample;
    if (end > a[i].start + a[i].size) return zci__fail(r, what, i, "a view past the end of its allocation");
    r->attr(&a[i].device, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, p->pointer);
    r->attr(&a[i].ctx, CU_POINTER_ATTRIBUTE_CONTEXT, p->pointer);
    r->attr(&a[i].buffer_id, CU_POINTER_ATTRIBUTE_BUFFER_ID, p->pointer);
  }
  return 0;
}

static void zci__object(zci_recorder *r, const char *key, const zci_frame_desc *d, const zci__alloc *a) {
  int i;
  fprintf(r->out, ",\"%s\":{\"kind\":", key);
  zci__string(r->out, d->kind ? d->kind : "raw");
  fprintf(r->out, ",\"described\":\"%d plane(s) from C\",\"pixel_format\":", d->num_planes);
  d->pixel_format ? zci__string(r->out, d->pixel_format) : (void)fputs("null", r->out);
  fprintf(r->out, ",\"coded_width\":%d,\"coded_height\":%d,\"time_seconds\":%.6f,\"planes\":[", d->coded_width,
          d->coded_height, d->time_seconds);
  for (i = 0; i < d->num_planes; ++i) {
    const zci_plane *p = &d->planes[i];
    fprintf(r->out, "%s{\"name\":", i ? "," : "");
    zci__string(r->out, p->name ? p->name : "Y");
    fprintf(r->out,
            ",\"pointer\":\"0x%llx\",\"pitch\":%lld,\"width\":%d,\"height\":%d,\"bytes_per_sample\":%d,"
            "\"allocation\":{\"start\":\"0x%llx\",\"size\":%lu,\"memory\":\"%s\",\"device\":%d,\"context\":\"0x%lx\","
            "\"buffer_id\":%llu}}",
            (unsigned long long)p->pointer, p->pitch, p->width, p->height, p->bytes_per_sample,
            (unsigned long long)a[i].start, (unsigned long)a[i].size,
            a[i].memory == CU_MEMORYTYPE_UNIFIED ? "managed" : "device", a[i].device, (unsigned long)(size_t)a[i].ctx,
            a[i].buffer_id);
  }
  fputs("]}", r->out);
}

/* The boundary reads and the thumbnail grid of one plane, as facts.py's boundaries and thumbnails. */
static int zci__plane_reads(zci_recorder *r, const char *obj, int index, const zci_plane *p, const zci__alloc *a,
                            int thumb, int *first) {
  static unsigned char grid[ZCI_THUMB_CAP];
  size_t row = (size_t)p->width * p->bytes_per_sample, avail = a->start + a->size - p->pointer, cols[ZCI_THUMB_COLUMNS];
  size_t offs[3], counts[3], k, zero = 0, pitch = (size_t)p->pitch;
  const char *whats[3] = {"last visible row", "right padding of the last visible row", "first row below the picture"};
  int n = 0, i, ncols, rows, step;
  offs[0] = (p->height - 1) * pitch, counts[0] = row, offs[1] = offs[0] + row, counts[1] = pitch - row;
  offs[2] = p->height * pitch, counts[2] = row;
  for (k = 0; !thumb && k < 3; ++k) {
    size_t count = counts[k] < ZCI_BOUNDARY_BYTES ? counts[k] : ZCI_BOUNDARY_BYTES;
    if (offs[k] >= avail || count == 0) continue;
    if (count > avail - offs[k]) count = avail - offs[k];
    if (zci__read(r, a->ctx, p->pointer + offs[k], count, &zero, 1, count, 1, grid)) return -1;
    fprintf(r->out, "%s{\"object\":\"%s\",\"plane\":%d,\"what\":\"%s\",\"offset\":%lu,\"data\":\"", *first ? "" : ",",
            obj, index, whats[k], (unsigned long)offs[k]);
    zci__hex(r->out, grid, count), fputs("\"}", r->out), *first = 0, ++n;
  }
  if (!thumb) return n;
  ncols = p->width < ZCI_THUMB_COLUMNS ? p->width : ZCI_THUMB_COLUMNS;
  while (ncols > 1 && (size_t)ncols * ncols * p->height / p->width * p->bytes_per_sample > ZCI_THUMB_CAP)
    ncols = ncols * 3 / 4;
  rows = (int)((double)ncols * p->height / p->width + 0.5), rows = rows < 1 ? 1 : rows;
  step = p->height / rows > 1 ? p->height / rows : 1,
  rows = (p->height - 1) / step + 1 < rows ? (p->height - 1) / step + 1 : rows;
  while ((size_t)rows * ncols * p->bytes_per_sample > ZCI_THUMB_CAP)
    --rows;
  for (i = 0; i < ncols; ++i)
    cols[i] = (size_t)(i * (long long)p->width / ncols) * p->bytes_per_sample;
  if (zci__read(r, a->ctx, p->pointer, pitch * step, cols, ncols, p->bytes_per_sample, rows, grid)) return -1;
  fprintf(r->out, "%s{\"plane\":%d,\"columns\":%d,\"rows\":%d,\"row_step\":%d,\"sample_bytes\":%d,\"data\":\"",
          *first ? "" : ",", index, ncols, rows, step, p->bytes_per_sample);
  zci__hex(r->out, grid, (size_t)rows * ncols * p->bytes_per_sample), fputs("\"}", r->out), *first = 0;
  return 1;
}

/* Copies the finished record to the facts file: a frame is written whole or not at all. */
static int zci__commit(zci_recorder *r) {
  char buffer[4096];
  size_t n;
  int ok = fflush(r->out) == 0 && fseek(r->out, 0, SEEK_SET) == 0;
  while (ok && (n = fread(buffer, 1, sizeof buffer, r->out)) > 0)
    ok = fwrite(buffer, 1, n, r->final) == n;
  fclose(r->out), r->out = r->final;
  return ok && fflush(r->final) == 0 ? 0 : zci__fail(r, "facts file", 0, "could not be written");
}

int zci_frame(zci_recorder *r, const zci_frame_desc *source, const zci_frame_desc *wrapped, const char *label,
              CUstream stream, int proof) {
  zci__alloc sa[ZCI_MAX_PLANES], wa[ZCI_MAX_PLANES];
  CUcontext current = NULL;
  CUresult q = CUDA_SUCCESS;
  clock_t started = clock();
  int i, first = 1;
  r->error[0] = 0;
  memset(sa, 0, sizeof sa), memset(wa, 0, sizeof wa);
  if (!source) return zci__fail(r, "source", 0, "no source frame");
  if (!r->final) r->final = r->out;
  if (zci__check(r, source, "source", sa) || (wrapped && zci__check(r, wrapped, "wrapped", wa))) return -1;
  if (stream) q = r->query(stream); /* a query, never a wait */
  if (stream && q != CUDA_SUCCESS && q != CUDA_ERROR_NOT_READY)
    return zci__fail(r, "stream", 0, "cuStreamQuery failed");
  r->get_ctx(&current);
  if (!(r->out = tmpfile())) return r->out = r->final, zci__fail(r, "facts file", 0, "no temporary file");
  fputs("{\"facts\":\"zci-recorder-facts\",\"version\":1,\"label\":", r->out);
  zci__string(r->out, label ? label : "");
  zci__object(r, "source", source, sa);
  if (wrapped)
    zci__object(r, "wrapped", wrapped, wa);
  else
    fputs(",\"wrapped\":null", r->out);
  fprintf(r->out, ",\"current_context\":\"0x%lx\",\"stream\":{\"handle\":", (unsigned long)(size_t)current);
  if (stream)
    fprintf(r->out, "\"0x%lx\",\"method\":\"cuStreamQuery\",\"state\":\"%s\"}", (unsigned long)(size_t)stream,
            q == CUDA_SUCCESS ? "complete" : "pending");
  else
    fputs("null,\"method\":null,\"state\":\"not-named\"}", r->out);
  fputs(",\"boundaries\":[", r->out);
  for (i = 0; i < source->num_planes; ++i)
    if (zci__plane_reads(r, "source", i, &source->planes[i], &sa[i], 0, &first) < 0) goto failed;
  for (i = 0; wrapped && i < wrapped->num_planes; ++i)
    if (zci__plane_reads(r, "wrapped", i, &wrapped->planes[i], &wa[i], 0, &first) < 0) goto failed;
  fputs("],\"thumbnails\":[", r->out), first = 1;
  for (i = 0; i < source->num_planes; ++i)
    if (zci__plane_reads(r, "source", i, &source->planes[i], &sa[i], 1, &first) < 0) goto failed;
  fprintf(r->out, "],\"proof\":{\"asked\":%s,\"reason\":\"%s\"},\"not_taken\":[", proof ? "true" : "false",
          proof ? "not run: the aliasing proof runs from the Python recorder" : "not asked for");
  fputs(stream && q != CUDA_SUCCESS
            ? "{\"fact\":\"settled bytes\",\"reason\":\"the named stream still had work pending at"
              " hand-over; the bytes and thumbnails were read without waiting for it\"}"
            : "",
        r->out);
  fprintf(r->out, "],\"elapsed_us\":%.1f}\n", (double)(clock() - started) * 1e6 / CLOCKS_PER_SEC);
  return zci__commit(r);
failed:
  fclose(r->out), r->out = r->final;
  return zci__fail(r, "device read", 0, "a bounded copy on the recorder's stream failed");
}
#endif /* ZCI_RECORDER_IMPLEMENTED */
