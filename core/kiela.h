/* kiela.h: the whole Kiela engine API. */
#pragma once

#include "kiela-version.h"
#include "kiela-error.h"
#include "kiela-types.h"
#include "kiela-position.h"
#include "kiela-sow.h"
#include "kiela-game.h"
#include "kiela-record.h"
#include "kiela-ai.h"
#include "kiela-registry.h"
#include "kiela-plugin.h"
#include "kiela-rng.h"
#include "kiela-playout.h"
#include "kiela-narrate.h"
#include "kiela-paths.h"
#include "kiela-file.h"
#include "kiela-match.h"
