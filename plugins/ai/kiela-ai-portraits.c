/* kiela-ai-portraits.c: the personalities' portraits, original SVG drawings (CC0, drawn for Kiela). */

#include "kiela-ai-classic-private.h"

/* Every portrait is a 256x256 head-and-shoulders drawing on a round coloured badge,
 * so the app can show them side by side at any size. */

/* Kizua, the beginner: a girl with two hair puffs and a wide grin, on sunny yellow. */
const char classic_portrait_kizua[] =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" viewBox=\"0 0 256 256\">"
  "<title>Kizua</title>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"#f6d32d\"/>"
  "<defs><clipPath id=\"badge\"><circle cx=\"128\" cy=\"128\" r=\"124\"/></clipPath></defs>"
  "<g clip-path=\"url(#badge)\">"
  /* shoulders: a sky-blue dress with white dots */
  "<path d=\"M52 250 C56 200 90 184 128 184 C166 184 200 200 204 250 Z\" fill=\"#62a0ea\"/>"
  "<circle cx=\"96\" cy=\"222\" r=\"5\" fill=\"#fff\"/><circle cx=\"128\" cy=\"236\" r=\"5\" fill=\"#fff\"/>"
  "<circle cx=\"160\" cy=\"222\" r=\"5\" fill=\"#fff\"/><circle cx=\"112\" cy=\"206\" r=\"4\" fill=\"#fff\"/>"
  "<circle cx=\"146\" cy=\"206\" r=\"4\" fill=\"#fff\"/>"
  "<rect x=\"114\" y=\"160\" width=\"28\" height=\"30\" rx=\"10\" fill=\"#8f5a3c\"/>"
  /* hair puffs with red ties */
  "<circle cx=\"70\" cy=\"70\" r=\"30\" fill=\"#2b1d16\"/><circle cx=\"186\" cy=\"70\" r=\"30\" fill=\"#2b1d16\"/>"
  "<rect x=\"84\" y=\"80\" width=\"16\" height=\"10\" rx=\"4\" fill=\"#e01b24\" transform=\"rotate(40 92 85)\"/>"
  "<rect x=\"156\" y=\"80\" width=\"16\" height=\"10\" rx=\"4\" fill=\"#e01b24\" transform=\"rotate(-40 164 85)\"/>"
  /* head */
  "<ellipse cx=\"128\" cy=\"118\" rx=\"54\" ry=\"58\" fill=\"#8f5a3c\"/>"
  "<path d=\"M74 110 C76 70 104 58 128 58 C152 58 180 70 182 110 C170 88 150 80 128 80 C106 80 86 88 74 110 Z\" fill=\"#2b1d16\"/>"
  "<ellipse cx=\"74\" cy=\"122\" rx=\"8\" ry=\"12\" fill=\"#7d4e33\"/><ellipse cx=\"182\" cy=\"122\" rx=\"8\" ry=\"12\" fill=\"#7d4e33\"/>"
  /* big round eyes */
  "<ellipse cx=\"106\" cy=\"116\" rx=\"10\" ry=\"12\" fill=\"#fff\"/><ellipse cx=\"150\" cy=\"116\" rx=\"10\" ry=\"12\" fill=\"#fff\"/>"
  "<circle cx=\"108\" cy=\"118\" r=\"6\" fill=\"#241f31\"/><circle cx=\"152\" cy=\"118\" r=\"6\" fill=\"#241f31\"/>"
  "<circle cx=\"110\" cy=\"115\" r=\"2\" fill=\"#fff\"/><circle cx=\"154\" cy=\"115\" r=\"2\" fill=\"#fff\"/>"
  "<circle cx=\"94\" cy=\"142\" r=\"8\" fill=\"#e66100\" opacity=\"0.35\"/><circle cx=\"162\" cy=\"142\" r=\"8\" fill=\"#e66100\" opacity=\"0.35\"/>"
  /* wide open grin */
  "<path d=\"M106 142 Q128 170 150 142 Z\" fill=\"#fff\" stroke=\"#5e2b1c\" stroke-width=\"4\" stroke-linejoin=\"round\"/>"
  "</g>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"none\" stroke=\"#e5a50a\" stroke-width=\"6\"/>"
  "</svg>";

/* Zola, the novice: a boy in a red cap turned sideways, grinning with his teeth, on orange. */
const char classic_portrait_zola[] =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" viewBox=\"0 0 256 256\">"
  "<title>Zola</title>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"#ffa348\"/>"
  "<defs><clipPath id=\"badge\"><circle cx=\"128\" cy=\"128\" r=\"124\"/></clipPath></defs>"
  "<g clip-path=\"url(#badge)\">"
  /* green football shirt with a white collar and a number */
  "<path d=\"M46 250 C50 198 88 180 128 180 C168 180 206 198 210 250 Z\" fill=\"#26a269\"/>"
  "<path d=\"M106 182 L128 206 L150 182\" fill=\"none\" stroke=\"#fff\" stroke-width=\"8\" stroke-linejoin=\"round\"/>"
  "<text x=\"128\" y=\"244\" font-family=\"sans-serif\" font-size=\"30\" font-weight=\"bold\" fill=\"#fff\" text-anchor=\"middle\">7</text>"
  "<rect x=\"112\" y=\"156\" width=\"32\" height=\"30\" rx=\"10\" fill=\"#63452c\"/>"
  /* head */
  "<ellipse cx=\"128\" cy=\"120\" rx=\"52\" ry=\"56\" fill=\"#63452c\"/>"
  "<ellipse cx=\"76\" cy=\"124\" rx=\"9\" ry=\"13\" fill=\"#563b25\"/><ellipse cx=\"180\" cy=\"124\" rx=\"9\" ry=\"13\" fill=\"#563b25\"/>"
  /* red cap with its peak to the side */
  "<path d=\"M74 104 C74 62 104 48 130 48 C158 48 184 64 182 104 Z\" fill=\"#e01b24\"/>"
  "<path d=\"M176 98 C200 96 222 104 226 114 C210 118 190 112 174 108 Z\" fill=\"#a51d2d\"/>"
  "<circle cx=\"128\" cy=\"50\" r=\"6\" fill=\"#a51d2d\"/>"
  "<rect x=\"96\" y=\"66\" width=\"22\" height=\"22\" rx=\"4\" fill=\"#fff\"/>"
  "<circle cx=\"107\" cy=\"77\" r=\"6\" fill=\"#241f31\"/>"
  /* eyebrows raised in glee, eyes squeezed into happy arcs */
  "<path d=\"M96 114 Q106 106 116 114\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
  "<path d=\"M140 114 Q150 106 160 114\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
  /* toothy grin */
  "<path d=\"M100 138 Q128 166 156 138 Z\" fill=\"#fff\" stroke=\"#3d2616\" stroke-width=\"4\" stroke-linejoin=\"round\"/>"
  "<path d=\"M114 141 L114 151 M128 142 L128 154 M142 141 L142 151\" stroke=\"#c0bfbc\" stroke-width=\"2\"/>"
  "</g>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"none\" stroke=\"#c64600\" stroke-width=\"6\"/>"
  "</svg>";

/* Mbemba, the casual player: a man with round glasses, a short beard and a patterned shirt, on blue. */
const char classic_portrait_mbemba[] =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" viewBox=\"0 0 256 256\">"
  "<title>Mbemba</title>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"#99c1f1\"/>"
  "<defs><clipPath id=\"badge\"><circle cx=\"128\" cy=\"128\" r=\"124\"/></clipPath></defs>"
  "<g clip-path=\"url(#badge)\">"
  /* wax-print shirt: ochre with dark diamonds */
  "<path d=\"M42 250 C48 196 88 182 128 182 C168 182 208 196 214 250 Z\" fill=\"#e5a50a\"/>"
  "<path d=\"M70 222 l10 -12 l10 12 l-10 12 Z M110 232 l10 -12 l10 12 l-10 12 Z M150 222 l10 -12 l10 12 l-10 12 Z M186 236 l8 -10 l8 10 l-8 10 Z\" fill=\"#613583\"/>"
  "<rect x=\"112\" y=\"156\" width=\"32\" height=\"32\" rx=\"10\" fill=\"#4a2f22\"/>"
  /* head, short hair */
  "<ellipse cx=\"128\" cy=\"116\" rx=\"52\" ry=\"58\" fill=\"#4a2f22\"/>"
  "<path d=\"M76 104 C76 66 102 56 128 56 C154 56 180 66 180 104 C172 84 152 76 128 76 C104 76 84 84 76 104 Z\" fill=\"#1c1410\"/>"
  "<ellipse cx=\"76\" cy=\"120\" rx=\"8\" ry=\"12\" fill=\"#3d271c\"/><ellipse cx=\"180\" cy=\"120\" rx=\"8\" ry=\"12\" fill=\"#3d271c\"/>"
  /* short beard round the jaw */
  "<path d=\"M80 128 C82 168 104 176 128 176 C152 176 174 168 176 128 C168 150 150 158 128 158 C106 158 88 150 80 128 Z\" fill=\"#1c1410\"/>"
  /* round glasses */
  "<circle cx=\"106\" cy=\"114\" r=\"15\" fill=\"#deddda\" fill-opacity=\"0.35\" stroke=\"#241f31\" stroke-width=\"4\"/>"
  "<circle cx=\"150\" cy=\"114\" r=\"15\" fill=\"#deddda\" fill-opacity=\"0.35\" stroke=\"#241f31\" stroke-width=\"4\"/>"
  "<path d=\"M121 113 Q128 108 135 113\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"4\"/>"
  "<circle cx=\"106\" cy=\"116\" r=\"4\" fill=\"#241f31\"/><circle cx=\"150\" cy=\"116\" r=\"4\" fill=\"#241f31\"/>"
  /* a small, thoughtful smile */
  "<path d=\"M114 146 Q128 154 142 146\" fill=\"none\" stroke=\"#f6f5f4\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
  "</g>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"none\" stroke=\"#1a5fb4\" stroke-width=\"6\"/>"
  "</svg>";

/* Nzuzi, the intermediate: a woman in a tall purple and orange headwrap with hoop earrings, on teal. */
const char classic_portrait_nzuzi[] =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" viewBox=\"0 0 256 256\">"
  "<title>Nzuzi</title>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"#5fc9b8\"/>"
  "<defs><clipPath id=\"badge\"><circle cx=\"128\" cy=\"128\" r=\"124\"/></clipPath></defs>"
  "<g clip-path=\"url(#badge)\">"
  /* white blouse with an orange neckline */
  "<path d=\"M50 250 C54 202 90 188 128 188 C166 188 202 202 206 250 Z\" fill=\"#f6f5f4\"/>"
  "<path d=\"M100 190 Q128 214 156 190\" fill=\"none\" stroke=\"#ff7800\" stroke-width=\"6\"/>"
  "<rect x=\"114\" y=\"164\" width=\"28\" height=\"30\" rx=\"10\" fill=\"#7a4a2e\"/>"
  /* face */
  "<ellipse cx=\"128\" cy=\"128\" rx=\"46\" ry=\"52\" fill=\"#7a4a2e\"/>"
  /* headwrap: a tall knot in purple with orange stripes */
  "<path d=\"M78 116 C70 62 96 28 132 28 C170 28 190 62 178 116 C168 96 150 88 128 88 C106 88 88 96 78 116 Z\" fill=\"#813d9c\"/>"
  "<path d=\"M88 70 Q128 50 170 72 M82 92 Q128 70 176 94\" fill=\"none\" stroke=\"#ffa348\" stroke-width=\"7\" stroke-linecap=\"round\"/>"
  "<path d=\"M150 40 C172 26 196 36 190 56 C182 50 168 48 156 54 Z\" fill=\"#c061cb\"/>"
  /* hoop earrings */
  "<circle cx=\"82\" cy=\"150\" r=\"11\" fill=\"none\" stroke=\"#f5c211\" stroke-width=\"4\"/>"
  "<circle cx=\"174\" cy=\"150\" r=\"11\" fill=\"none\" stroke=\"#f5c211\" stroke-width=\"4\"/>"
  /* almond eyes with lashes, looking aside: she is weighing her chances */
  "<path d=\"M98 126 Q108 116 118 126 Q108 132 98 126 Z\" fill=\"#fff\"/><path d=\"M138 126 Q148 116 158 126 Q148 132 138 126 Z\" fill=\"#fff\"/>"
  "<circle cx=\"112\" cy=\"125\" r=\"4.5\" fill=\"#241f31\"/><circle cx=\"152\" cy=\"125\" r=\"4.5\" fill=\"#241f31\"/>"
  "<path d=\"M96 124 L92 120 M138 124 Q148 114 160 124\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>"
  "<path d=\"M96 124 Q108 114 120 124\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>"
  /* lips, a knowing half smile */
  "<path d=\"M112 154 Q128 162 146 150\" fill=\"none\" stroke=\"#a51d2d\" stroke-width=\"6\" stroke-linecap=\"round\"/>"
  "</g>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"none\" stroke=\"#1c7d6f\" stroke-width=\"6\"/>"
  "</svg>";

/* Lweji, the expert: a composed woman with a beaded headband, braids and a bead necklace, on terracotta. */
const char classic_portrait_lweji[] =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" viewBox=\"0 0 256 256\">"
  "<title>Lweji</title>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"#c0603a\"/>"
  "<defs><clipPath id=\"badge\"><circle cx=\"128\" cy=\"128\" r=\"124\"/></clipPath></defs>"
  "<g clip-path=\"url(#badge)\">"
  /* braids falling to the shoulders */
  "<path d=\"M72 100 C62 150 64 196 76 220 L96 214 C86 180 86 140 92 110 Z\" fill=\"#1c1410\"/>"
  "<path d=\"M184 100 C194 150 192 196 180 220 L160 214 C170 180 170 140 164 110 Z\" fill=\"#1c1410\"/>"
  /* deep blue dress */
  "<path d=\"M54 250 C58 206 92 192 128 192 C164 192 198 206 202 250 Z\" fill=\"#1a5fb4\"/>"
  "<rect x=\"114\" y=\"164\" width=\"28\" height=\"32\" rx=\"10\" fill=\"#5c3a26\"/>"
  /* bead necklace in three colours */
  "<g stroke=\"#241f31\" stroke-width=\"1\">"
  "<circle cx=\"100\" cy=\"196\" r=\"6\" fill=\"#f6f5f4\"/><circle cx=\"110\" cy=\"203\" r=\"6\" fill=\"#e01b24\"/>"
  "<circle cx=\"121\" cy=\"207\" r=\"6\" fill=\"#f6f5f4\"/><circle cx=\"135\" cy=\"207\" r=\"6\" fill=\"#e01b24\"/>"
  "<circle cx=\"146\" cy=\"203\" r=\"6\" fill=\"#f6f5f4\"/><circle cx=\"156\" cy=\"196\" r=\"6\" fill=\"#e01b24\"/>"
  "<circle cx=\"128\" cy=\"218\" r=\"8\" fill=\"#f5c211\"/>"
  "</g>"
  /* head */
  "<ellipse cx=\"128\" cy=\"122\" rx=\"48\" ry=\"56\" fill=\"#5c3a26\"/>"
  "<path d=\"M78 110 C78 70 102 58 128 58 C154 58 178 70 178 110 C168 90 150 84 128 84 C106 84 88 90 78 110 Z\" fill=\"#1c1410\"/>"
  /* beaded headband */
  "<path d=\"M80 96 Q128 74 176 96\" fill=\"none\" stroke=\"#f5c211\" stroke-width=\"9\"/>"
  "<g fill=\"#e01b24\"><circle cx=\"96\" cy=\"88\" r=\"3.5\"/><circle cx=\"112\" cy=\"82\" r=\"3.5\"/><circle cx=\"128\" cy=\"80\" r=\"3.5\"/>"
  "<circle cx=\"144\" cy=\"82\" r=\"3.5\"/><circle cx=\"160\" cy=\"88\" r=\"3.5\"/></g>"
  /* calm, half-closed eyes: she has seen this position before */
  "<path d=\"M100 122 Q110 128 120 122\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
  "<path d=\"M136 122 Q146 128 156 122\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
  "<path d=\"M98 112 Q110 106 120 110 M136 110 Q146 106 158 112\" fill=\"none\" stroke=\"#1c1410\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
  "<path d=\"M116 152 Q128 158 140 152\" fill=\"none\" stroke=\"#e8927c\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
  "</g>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"none\" stroke=\"#7a2e16\" stroke-width=\"6\"/>"
  "</svg>";

/* Kota Mpanzu, the master: an elder with a white beard, an embroidered kufi cap and a walking stick, on deep green. */
const char classic_portrait_mpanzu[] =
  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"256\" height=\"256\" viewBox=\"0 0 256 256\">"
  "<title>Kota Mpanzu</title>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"#2ec27e\"/>"
  "<defs><clipPath id=\"badge\"><circle cx=\"128\" cy=\"128\" r=\"124\"/></clipPath></defs>"
  "<g clip-path=\"url(#badge)\">"
  /* walking stick with a carved knob */
  "<rect x=\"196\" y=\"96\" width=\"9\" height=\"160\" rx=\"4\" fill=\"#865e3c\"/>"
  "<circle cx=\"200\" cy=\"94\" r=\"11\" fill=\"#63452c\"/>"
  /* white robe with a gold border */
  "<path d=\"M44 250 C50 200 88 186 128 186 C168 186 206 200 212 250 Z\" fill=\"#f6f5f4\"/>"
  "<path d=\"M104 188 L128 250 L152 188\" fill=\"none\" stroke=\"#e5a50a\" stroke-width=\"7\" stroke-linejoin=\"round\"/>"
  /* hand on the stick */
  "<ellipse cx=\"200\" cy=\"150\" rx=\"13\" ry=\"11\" fill=\"#3d2a1f\"/>"
  /* head */
  "<ellipse cx=\"128\" cy=\"122\" rx=\"50\" ry=\"56\" fill=\"#3d2a1f\"/>"
  "<ellipse cx=\"78\" cy=\"124\" rx=\"8\" ry=\"12\" fill=\"#33231a\"/><ellipse cx=\"178\" cy=\"124\" rx=\"8\" ry=\"12\" fill=\"#33231a\"/>"
  /* white hair at the temples, white moustache and full beard */
  "<path d=\"M78 104 C76 90 82 82 90 80 L92 110 Z M178 104 C180 90 174 82 166 80 L164 110 Z\" fill=\"#deddda\"/>"
  "<path d=\"M80 132 C80 186 106 200 128 200 C150 200 176 186 176 132 C168 156 150 160 128 160 C106 160 88 156 80 132 Z\" fill=\"#f6f5f4\"/>"
  "<path d=\"M100 150 Q128 136 156 150 Q128 146 100 150 Z\" fill=\"#f6f5f4\" stroke=\"#deddda\" stroke-width=\"3\"/>"
  /* embroidered kufi cap */
  "<path d=\"M80 92 C80 58 104 46 128 46 C152 46 176 58 176 92 Z\" fill=\"#613583\"/>"
  "<path d=\"M82 86 L174 86\" stroke=\"#f5c211\" stroke-width=\"6\"/>"
  "<path d=\"M92 74 l8 -8 l8 8 l8 -8 l8 8 l8 -8 l8 8 l8 -8 l8 8 l8 -8 l8 8\" fill=\"none\" stroke=\"#f5c211\" stroke-width=\"3\"/>"
  /* bushy white brows, kind eyes with smile lines */
  "<path d=\"M96 106 Q108 98 120 106 M136 106 Q148 98 160 106\" fill=\"none\" stroke=\"#f6f5f4\" stroke-width=\"6\" stroke-linecap=\"round\"/>"
  "<path d=\"M100 120 Q110 112 120 120\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
  "<path d=\"M136 120 Q146 112 156 120\" fill=\"none\" stroke=\"#241f31\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
  "<path d=\"M90 122 l-6 4 M90 116 l-7 -1 M166 122 l6 4 M166 116 l7 -1\" stroke=\"#241f31\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
  "<path d=\"M116 164 Q128 172 140 164\" fill=\"none\" stroke=\"#a51d2d\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
  "</g>"
  "<circle cx=\"128\" cy=\"128\" r=\"124\" fill=\"none\" stroke=\"#1b6b45\" stroke-width=\"6\"/>"
  "</svg>";
