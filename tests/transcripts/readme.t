# README.md's examples, in order, with what they print: a transcript (cgcalc --check).
# tests/cli/cli.rs checks that its statements are the README's and that the README shows
# their outputs as printed here. Re-record: cgcalc --check --bless tests/transcripts/readme.t

> {0|1}
1/2
> g = {3||2+*|1+*}
{3||2*|1*}
> +-1+-2+-3+-4
+-{10|8||6|4|||4|2||0|-2}
> mean(g);
> temp(g)
3/4
> g(n) = if n == 0 {0} else {g(n-1) | -n}
defined g(n) (it replaces the variable g)
> g(3)
{0|-1||-2|||-3}
> table([g(n), temp(g(n))] for n in 1..3)
n  g(n)             temp(g(n))
-  ---------------  ----------
1  {0|-1}           1/2
2  {0|-1||-2}       3/4
3  {0|-1||-2|||-3}  7/8
> s(n) = if n < 2 {0} else if n == 2 {*} else {s(n-2), s(n-3) | s(n-2), s(n-3)}
defined s(n)
> period([nimval(s(n)) for n in 0..40])
preperiod 0, period 5
> csv(table(temp(g(n)) for n in 1..20), "temps.csv")
wrote temps.csv (20 rows)
> dom(4,4)
+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}
> cram(4,5)
*2
> moves(domineering("...|..."))
position ...|...
  Left a1-a2   +-1
  Left b1-b2   2
  Left c1-c2   +-1
  Right a1-b1  -1/2
  Right b1-c1  -1/2
  Right a2-b2  -1/2
  Right b2-c2  -1/2
winning moves: Left b1-b2, Right a1-b1, Right b1-c1, Right a2-b2, Right b2-c2
> pawns("8/1p5p/p7/8/8/7P/PP6/8")
v*
# chunk 1: White a2 b2, Black a6 b7 = ^
# chunk 2: White h3, Black h7 = vv*
> moves(pawns("8/8/4p3/3p4/8/3PP3/8/8"))
position 8/8/4p3/3p4/8/3PP3/8/8 = *
White first: White wins; Black first: Black wins
chunk 1: White d3 e3, Black d5 e6 = *
  White first: White wins; Black first: Black wins; 18 nodes, depth 5
  White d3-d4  0                     White wins
  White e3-e4  {*,{on|*}|*,{*|off}}  Black wins
  Black d5-d4  {1|off}               White wins
  Black e6-e5  0                     Black wins
winning moves: White d3-d4, Black e6-e5
> plot(thermo({3||2+*|1+*}))
        |         |
        |         |
        |         |
      1 |         |
        |         +
        |        / |
        |       /  |
      0 |....../...\......
        |     /     \
        |    /       \
        |   /         \
     -1 |  /           \
      t +-----------------
         9/2     9/4   1/2
         temperature t upward; values grow leftward (Left's direction); + marks where the mast starts; the mast's value is on the axis
         mast at 9/4 from temperature 3/4
> svg([thermo({2|-1}), thermo({1|0})], "walls.svg")
wrote walls.svg (2378 bytes)
> explain({-1, * | 0, *})
G = {-1,*|0,*}
  Left option -1 is dominated by * (-1 <= *): deleted
  Right option * is reversible through its Left option 0 (0 >= {*|0,*}): replaced by the Right options of 0: none
round 2: G = {*|0}
  no dominated or reversible options
canonical form: v
> why({0|*} >= *)
^ >= * is false: Right wins ^ - * moving first
(in X - Y, Left moves X to a Left option or Y to a Right option; Right moves X to a Right option or Y to a Left option)
1. Right moves X: ^ -> *; now * - *
1.1. Left moves X: * -> 0; now 0 - *
1.1.1. Right moves Y: * -> 0; now 0 - 0; Left has no move
1.2. Left moves Y: * -> 0; now * - 0
1.2.1. Right moves X: * -> 0; now 0 - 0; Left has no move
> latex({3||2*|1*})
\{3 \mathrel{\|} 2{\ast} \mid 1{\ast}\}
> octal("0.77", 70)
*6
> misere(*2 + *2)
*[2[2]]
> genus(misere(takeandbreak("4!.0", 22)))
3^1431
> miserequotient("0.75")[2]
"<a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>"
> {pass|3/2}
3/2under
> x{0||||0|||x|*||*}
a{0||||0|||a|*||*}
> [upon + *, over + over, on + off]
[^[on]*, over, dud]
> a{{|a}|}
1 & 0
> degree({pass|3/2})
over
