#define _GNU_SOURCE
#include "calinux_methods.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// The Swift runtime's demangler (exported by libswiftCore).
extern char *swift_demangle(const char *mangled, size_t length, char *output, size_t *outputLength, unsigned flags);

struct scan {
  const char *needle;
  calinux_symbol_visitor visit;
  void *context;
};

// Visits the matching symbols of one ELF file mapped at `bias`.
static void scan_file(const char *path, ElfW(Addr) bias, struct scan *scan) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  struct stat st;
  if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(ElfW(Ehdr))) { close(fd); return; }
  size_t size = (size_t)st.st_size;
  const unsigned char *file = mmap(0, size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (file == MAP_FAILED) return;
  const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)file;
  if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_shoff == 0 ||
      header->e_shoff + (size_t)header->e_shnum * sizeof(ElfW(Shdr)) > size) {
    munmap((void *)file, size);
    return;
  }
  const ElfW(Shdr) *sections = (const ElfW(Shdr) *)(file + header->e_shoff);
  // The full symbol table when the file has one, else the dynamic one.
  const ElfW(Shdr) *table = 0;
  for (int pass = 0; pass < 2 && !table; pass++) {
    for (int i = 0; i < header->e_shnum; i++) {
      if (sections[i].sh_type == (pass == 0 ? SHT_SYMTAB : SHT_DYNSYM)) { table = &sections[i]; break; }
    }
  }
  if (table && table->sh_link < header->e_shnum && table->sh_offset + table->sh_size <= size) {
    const ElfW(Shdr) *strings = &sections[table->sh_link];
    if (strings->sh_offset + strings->sh_size <= size) {
      const char *names = (const char *)(file + strings->sh_offset);
      const ElfW(Sym) *symbols = (const ElfW(Sym) *)(file + table->sh_offset);
      size_t count = table->sh_size / sizeof(ElfW(Sym));
      for (size_t i = 0; i < count; i++) {
        const ElfW(Sym) *s = &symbols[i];
        int type = ELF64_ST_TYPE(s->st_info);
        if ((type != STT_FUNC && type != STT_OBJECT) || s->st_shndx == SHN_UNDEF || s->st_value == 0) continue;
        if (s->st_name >= strings->sh_size) continue;
        const char *name = names + s->st_name;
        if (name[0] != '$' || name[1] != 's' || !strstr(name, scan->needle)) continue;
        scan->visit(name, (const void *)(bias + s->st_value), scan->context);
      }
    }
  }
  munmap((void *)file, size);
}

static int visit_object(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  const char *path = info->dlpi_name;
  if (!path || !path[0]) path = "/proc/self/exe";   // the executable
  if (strstr(path, "linux-vdso")) return 0;
  scan_file(path, info->dlpi_addr, data);
  return 0;
}

void calinux_visit_swift_symbols(const char *needle, calinux_symbol_visitor visit, void *context) {
  struct scan scan = {needle, visit, context};
  dl_iterate_phdr(visit_object, &scan);
}

char *calinux_demangle(const char *mangled) {
  return swift_demangle(mangled, strlen(mangled), 0, 0, 0);
}

struct lookup {
  const void *address;
  char *buffer;
  size_t capacity;
  int found;
};

static void remember_symbol_at(const char *name, const void *address, void *context) {
  struct lookup *lookup = context;
  if (lookup->found || address != lookup->address) return;
  size_t length = strlen(name);
  if (length + 1 > lookup->capacity) return;
  memcpy(lookup->buffer, name, length + 1);
  lookup->found = 1;
}

int calinux_swift_symbol_at(const void *address, char *buffer, size_t capacity) {
  struct lookup lookup = {address, buffer, capacity, 0};
  calinux_visit_swift_symbols("", remember_symbol_at, &lookup);
  return lookup.found;
}

typedef void (*calinux_method0)(const void *self __attribute__((swift_context))) __attribute__((swiftcall));
typedef void (*calinux_method1)(const void *a, const void *self __attribute__((swift_context))) __attribute__((swiftcall));
typedef void (*calinux_method2)(const void *a, const void *b,
                                const void *self __attribute__((swift_context))) __attribute__((swiftcall));

void calinux_call_method(const void *method, const void *self, int count, const void *first, const void *second) {
  switch (count) {
  case 0: ((calinux_method0)method)(self); break;
  case 1: ((calinux_method1)method)(first, self); break;
  default: ((calinux_method2)method)(first, second, self); break;
  }
}
