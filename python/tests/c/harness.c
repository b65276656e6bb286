/* Opens the recorder; without a CUDA driver it must fail cleanly with "no CUDA driver". Prints the outcome. */
#define ZCI_RECORDER_IMPLEMENTATION
#include "zci_recorder.h"

int main(int argc, char **argv) {
  char error[512] = "";
  zci_recorder *rec = zci_open(argc > 1 ? argv[1] : "facts.jsonl", error, sizeof error);
  if (rec == NULL) {
    printf("refused: %s\n", error);
    return strncmp(error, "no CUDA driver", 14) == 0 ? 3 : 1;
  }
  printf("opened\n");
  zci_close(rec);
  return 0;
}
