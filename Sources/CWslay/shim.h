#ifndef COINWATCH_CWSLAY_SHIM_H
#define COINWATCH_CWSLAY_SHIM_H

/* wslay (Debian libwslay-dev): WebSocket frames, masking, fragmentation, ping/pong and the
   close handshake over callbacks; the bytes themselves travel through libcurl (CCurl). */
#include <wslay/wslay.h>

#endif
