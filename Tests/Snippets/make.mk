# Build the project
CC ?= cc
CFLAGS := -O2 -Wall
SOURCES = $(wildcard src/*.c)

.PHONY: all clean

all: mdview

mdview: $(SOURCES:.c=.o)
	$(CC) $(CFLAGS) -o $@ $^

clean:
	rm -f mdview src/*.o

ifeq ($(DEBUG),1)
CFLAGS += -g
endif
