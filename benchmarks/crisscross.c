/* Criss-Cross Poker (58 Pa. Code ch. 674a): the exact optimal strategy, return, second
 * moment and win count of the antes game, in plain C: the reference the Python solver
 * (croupier.analysis.exact.criss_cross_poker.solve(moments=True)) is timed against by
 * benchmarks/criss_cross_poker_exact.py --against-c.
 *
 * Units of one ante. Bet pay of a five-card hand (674a.12(b)): -1 below a pair of 6s,
 * 0 a pair of 6s to 10s, 1 jacks or better, 2 two pair, 3 three of a kind, 5 straight,
 * 8 flush, 12 full house, 40 four of a kind, 100 straight flush, 500 royal flush. A
 * round with bets a, d, m nets min(pA,1) + min(pD,1) + a pA + d pD + m max(pA,pD);
 * folds net -2, -(2+a), -(2+a+d). Every player hand class (169, weighted to 1,326),
 * horizontal pair (1,225), vertical pair (1,128), middle card (46).
 *
 * Two passes per class, as croupier's solver: the value of every decision first (the
 * Middle decision from integer sums over the 46 middle cards, then the Down decision
 * per horizontal pair, then the Across decision), then the squares and wins of the
 * round's net along the optimal decisions only.
 *
 * Build: cc -O2 -fopenmp -o crisscross crisscross.c
 * Output: one line "value SUM second SUM wins SUM wonnet SUM": the sums over every case
 * of weight x net, weight x net^2, weight x [net > 0], weight x max(net, 0).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAIRS 1225
#define REST 50

static int pay5(int a, int b, int c, int d, int e) {
    int cards[5] = {a, b, c, d, e};
    int count[13] = {0};
    int mask = 0, flush = 1;
    for (int i = 0; i < 5; i++) {
        count[cards[i] >> 2]++;
        mask |= 1 << (cards[i] >> 2);
        if ((cards[i] & 3) != (cards[0] & 3)) flush = 0;
    }
    if (__builtin_popcount(mask) == 5) {
        int low = __builtin_ctz(mask), high = -1;
        if ((mask >> low) == 0x1f) high = low + 4;
        else if (mask == 0x100f) high = 3; /* five-high: A 2 3 4 5 */
        if (high >= 0 && flush) return high == 12 ? 500 : 100;
        if (flush) return 8;
        if (high >= 0) return 5;
        return -1;
    }
    int most = 0, pairs = 0, paired = -1;
    for (int r = 0; r < 13; r++) {
        if (count[r] > most) most = count[r];
        if (count[r] == 2) { pairs++; paired = r; }
    }
    if (most == 4) return 40;
    if (most == 3) return pairs ? 12 : 3;
    if (pairs == 2) return 2;
    if (paired >= 9) return 1; /* jacks or better */
    if (paired >= 4) return 0; /* sixes to tens */
    return -1;
}

static int capped(int pay) { return pay < 1 ? pay : 1; }

typedef struct { __int128 value, second, wins, won; } Sums;

static void solve_class(int p0, int p1, long long weight, Sums *sums) {
    int rest[REST], pi[PAIRS], pj[PAIRS];
    int k = 0;
    for (int c = 0; c < 52; c++) if (c != p0 && c != p1) rest[k++] = c;
    k = 0;
    for (int i = 0; i < REST; i++) for (int j = i + 1; j < REST; j++) { pi[k] = i; pj[k] = j; k++; }
    static __thread int pay[PAIRS][REST];
    static __thread long long tot[PAIRS], tcap[PAIRS];
    static __thread int downs[2][PAIRS];
    for (int q = 0; q < PAIRS; q++) {
        tot[q] = tcap[q] = 0;
        for (int m = 0; m < REST; m++) {
            if (m == pi[q] || m == pj[q]) { pay[q][m] = 0; continue; }
            int v = pay5(p0, p1, rest[pi[q]], rest[pj[q]], rest[m]);
            pay[q][m] = v;
            tot[q] += v;
            tcap[q] += capped(v);
        }
    }
    /* pass 1: the value of every decision */
    long long across[2] = {0, 0};
    for (int h = 0; h < PAIRS; h++) {
        int h0 = pi[h], h1 = pj[h];
        long long w[2][2] = {{0, 0}, {0, 0}};
        for (int v = 0; v < PAIRS; v++) {
            int v0 = pi[v], v1 = pj[v];
            if (v0 == h0 || v0 == h1 || v1 == h0 || v1 == h1) continue;
            long long s = 0;
            for (int m = 0; m < REST; m++) {
                if (m == h0 || m == h1 || m == v0 || m == v1) continue;
                int x = pay[h][m], y = pay[v][m];
                s += x > y ? x : y;
            }
            long long sa = tot[h] - pay[h][v0] - pay[h][v1];
            long long sd = tot[v] - pay[v][h0] - pay[v][h1];
            long long ante = tcap[h] - capped(pay[h][v0]) - capped(pay[h][v1]) + tcap[v]
                           - capped(pay[v][h0]) - capped(pay[v][h1]);
            int bet_m = s > 0 ? 3 : 1;
            for (int ai = 0; ai < 2; ai++)
                for (int di = 0; di < 2; di++) {
                    int a = 1 + 2 * ai, d = 1 + 2 * di;
                    long long cont = ante + a * sa + d * sd + bet_m * s;
                    long long fold = -(2LL + a + d) * 46;
                    w[ai][di] += cont > fold ? cont : fold;
                }
        }
        for (int ai = 0; ai < 2; ai++) {
            long long best = -(2LL + 1 + 2 * ai) * 46 * 1128;
            int choice = 0;
            for (int di = 0; di < 2; di++)
                if (w[ai][di] > best) { best = w[ai][di]; choice = di + 1; }
            across[ai] += best;
            downs[ai][h] = choice;
        }
    }
    long long cases = 46LL * 1128 * PAIRS;
    long long best = -2 * cases;
    int a = 0;
    for (int ai = 0; ai < 2; ai++)
        if (across[ai] > best) { best = across[ai]; a = 1 + 2 * ai; }
    /* pass 2: squares and wins along the optimal decisions */
    __int128 second = 0, wins = 0, won = 0;
    if (a == 0) {
        second = 4 * (__int128)cases;
    } else {
        int ai = a == 1 ? 0 : 1;
        for (int h = 0; h < PAIRS; h++) {
            if (downs[ai][h] == 0) {
                second += (__int128)(2 + a) * (2 + a) * 46 * 1128;
                continue;
            }
            int d = 2 * downs[ai][h] - 1;
            int h0 = pi[h], h1 = pj[h];
            for (int v = 0; v < PAIRS; v++) {
                int v0 = pi[v], v1 = pj[v];
                if (v0 == h0 || v0 == h1 || v1 == h0 || v1 == h1) continue;
                long long s = 0, base = 0;
                for (int m = 0; m < REST; m++) {
                    if (m == h0 || m == h1 || m == v0 || m == v1) continue;
                    int x = pay[h][m], y = pay[v][m];
                    s += x > y ? x : y;
                    base += capped(x) + capped(y) + a * x + d * y;
                }
                int bet_m = s > 0 ? 3 : 1;
                if (base + bet_m * s <= -(2LL + a + d) * 46) {
                    second += (__int128)(2 + a + d) * (2 + a + d) * 46;
                    continue;
                }
                for (int m = 0; m < REST; m++) {
                    if (m == h0 || m == h1 || m == v0 || m == v1) continue;
                    int x = pay[h][m], y = pay[v][m];
                    long long net = capped(x) + capped(y) + a * x + d * y + bet_m * (x > y ? x : y);
                    second += net * net;
                    if (net > 0) { wins++; won += net; }
                }
            }
        }
    }
    #pragma omp critical
    {
        sums->value += (__int128)weight * best;
        sums->second += weight * second;
        sums->wins += weight * wins;
        sums->won += weight * won;
    }
}

static void print128(const char *name, __int128 x) {
    char digits[64];
    int n = 0, negative = x < 0;
    unsigned __int128 u = negative ? -(unsigned __int128)x : (unsigned __int128)x;
    do { digits[n++] = (char)('0' + (int)(u % 10)); u /= 10; } while (u);
    printf("%s %s", name, negative ? "-" : "");
    while (n) putchar(digits[--n]);
}

int main(void) {
    int hands[169][2];
    long long weights[169];
    int k = 0;
    for (int high = 12; high >= 0; high--)
        for (int low = high; low >= 0; low--) {
            if (high == low) { hands[k][0] = 4 * high; hands[k][1] = 4 * high + 1; weights[k++] = 6; }
            else {
                hands[k][0] = 4 * high; hands[k][1] = 4 * low; weights[k++] = 4;
                hands[k][0] = 4 * high; hands[k][1] = 4 * low + 1; weights[k++] = 12;
            }
        }
    Sums sums = {0, 0, 0, 0};
    #pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < 169; i++) solve_class(hands[i][0], hands[i][1], weights[i], &sums);
    print128("value", sums.value);
    print128(" second", sums.second);
    print128(" wins", sums.wins);
    print128(" wonnet", sums.won);
    putchar('\n');
    return 0;
}
