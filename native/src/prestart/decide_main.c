/*
 * zci_prestart_decide as a command, for the native test tier (test/native/prestart-decide.test.mjs): its arguments
 * are a whole argument vector (Node's first); it prints "device N" or "none".
 */
#include "prestart_decide.h"

#include <stdio.h>

int main(int argc, char **argv) {
  int device = -1;
  if (zci_prestart_decide(argc - 1, (const char *const *)argv + 1, &device))
    printf("device %d\n", device);
  else
    printf("none\n");
  return 0;
}
