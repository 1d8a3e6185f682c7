import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import game.Game;
import other.AI;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.trial.Trial;
import search.mcts.MCTS;
import search.minimax.AlphaBetaSearch;

/**
 * Cairn's bot (`cairn engine`, src/engine_cmd.rs) against one of Ludii's
 * agents, game after game, sides alternating (Cairn is White = Ludii's
 * player 1 in even games).
 *
 * Why every turn is checked twice: the two engines write turns differently
 * (Cairn one string per turn, Ludii one Move per decision, and a Callanish
 * or Alquerque turn is up to three decisions), and a translation that is
 * wrong would silently play a different game. So a turn is accepted only
 * if each of its decisions is a move of Ludii's legal list at that point
 * AND the whole turn is in Cairn's `legal` reply. A turn that cannot be
 * translated aborts that game with the reason; it is counted, never
 * dropped.
 *
 * Time: both sides get the same wall time a turn. Cairn gets it in one
 * `go`; Ludii's turn is split across its decisions (Callanish: a third
 * each for remove, add, add; Alquerque: 3/4 for the first jump or step,
 * then half of what is left for each further jump or the pass, at least
 * 50 ms), because Ludii's agents think per decision.
 *
 * Ending: each engine applies its own end rules; the game stops as soon as
 * either says it is over. Cairn's result is the score when Cairn ended it
 * (it is the game we are measuring), Ludii's otherwise; the line records
 * who ended it and both verdicts, so disagreements are visible.
 *
 * Usage: LudiiMatch <callanish|alquerque> <uct|ab> <games> <think-ms>
 *        <cairn binary> [seed] [first game index]
 * Two system properties study a line: -Dcairn.side=white|black gives
 * Cairn that side in every game (instead of alternating), and
 * -Dcairn.opening=t1,t2,... plays those turns (Cairn's notation, checked
 * like any other) for both sides before either agent thinks.
 * Prints one JSON line a game on stdout (its result, timings, how many
 * turns were a set opening, and record: the turns in Cairn's notation),
 * progress on stderr.
 */
public class LudiiMatch {
    /** Cairn's side of the protocol: one line out, one line back. */
    static final class Cairn implements AutoCloseable {
        final Process proc;
        final Writer in;
        final BufferedReader out;

        Cairn(final String binary) throws IOException {
            proc = new ProcessBuilder(binary, "engine", "--player", "level:5")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            in = new OutputStreamWriter(proc.getOutputStream(), StandardCharsets.UTF_8);
            out = new BufferedReader(new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8));
        }

        String ask(final String line) throws IOException {
            in.write(line + "\n");
            in.flush();
            final String reply = out.readLine();
            if (reply == null)
                throw new IOException("cairn engine exited after `" + line + "`");
            return reply.trim();
        }

        /** The legal turns of the side to move (empty once over). */
        Set<String> legal() throws IOException {
            final String reply = ask("legal");
            if (!reply.startsWith("legal"))
                throw new IOException("`legal` got `" + reply + "`");
            final String body = reply.substring("legal".length()).trim();
            return body.isEmpty() ? new HashSet<>() : new HashSet<>(Arrays.asList(body.split(";")));
        }

        @Override
        public void close() throws Exception {
            try {
                ask("quit");
            } catch (final IOException e) {
                // already gone
            }
            proc.waitFor();
        }
    }

    /** A game that cannot go on: the translation failed or an engine refused. */
    static final class Abort extends Exception {
        Abort(final String why) {
            super(why);
        }
    }

    static String json(final String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Ludii's label of a site, lower case ("A1" -> "a1"), as Cairn writes it. */
    static String label(final Context context, final Move move, final boolean to) {
        final int site = to ? move.to() : move.from();
        if (site < 0)
            return "";
        return context.topology().getGraphElement(to ? move.toType() : move.fromType(), site).label()
                .toLowerCase(Locale.ROOT);
    }

    /**
     * How a Ludii decision reads in Cairn's terms: "pass", a single site
     * ("e5": a Callanish placement or removal), or "from>to" (an Alquerque
     * step or jump).
     */
    static String describe(final Context context, final Move move, final boolean callanish) {
        if (move.isPass())
            return "pass";
        final String to = label(context, move, true);
        if (callanish)
            return to.isEmpty() ? label(context, move, false) : to;
        return label(context, move, false) + ">" + to;
    }

    /** The one legal Ludii move that reads `step`, or an abort. */
    static Move find(final Game game, final Context context, final String step, final boolean callanish)
            throws Abort {
        Move found = null;
        final List<String> seen = new ArrayList<>();
        for (final Move m : game.moves(context).moves()) {
            final String d = describe(context, m, callanish);
            seen.add(d);
            if (d.equals(step)) {
                if (found != null)
                    throw new Abort("two Ludii moves read `" + step + "`");
                found = m;
            }
        }
        if (found == null)
            throw new Abort("`" + step + "` is not in Ludii's legal list " + seen);
        return found;
    }

    /**
     * Play Cairn's `turn` (already in Cairn's legal list) on Ludii's side:
     * each decision must be legal there while `mover` is still to move, and
     * an Alquerque chain that stops while a jump remains ends with Ludii's
     * pass.
     */
    static void applyToLudii(final Game game, final Context context, final String turn, final int mover,
            final boolean callanish) throws Abort {
        for (final String step : toLudii(turn, callanish)) {
            if (context.trial().over() || context.state().mover() != mover)
                throw new Abort("Ludii's turn ended before `" + step + "` of `" + turn + "`");
            game.apply(context, find(game, context, step, callanish));
        }
        if (!context.trial().over() && context.state().mover() == mover)
            game.apply(context, find(game, context, "pass", callanish));
    }

    /** Cairn's turn as Ludii decisions (without a closing pass). */
    static List<String> toLudii(final String turn, final boolean callanish) {
        final List<String> steps = new ArrayList<>();
        if (callanish) {
            // "e5" (opening) or "b2 a4 d1": remove b2, add a4, add d1
            steps.addAll(Arrays.asList(turn.split(" ")));
        } else if (turn.contains("-")) {
            final String[] p = turn.split("-");
            steps.add(p[0] + ">" + p[1]);
        } else {
            final String[] p = turn.split("x");
            for (int i = 1; i < p.length; i++)
                steps.add(p[i - 1] + ">" + p[i]);
        }
        return steps;
    }

    /** Ludii's decisions of one turn as Cairn notation candidates. */
    static List<String> toCairn(final List<String> steps, final boolean callanish) {
        final List<String> real = new ArrayList<>();
        for (final String s : steps)
            if (!s.equals("pass"))
                real.add(s);
        final List<String> out = new ArrayList<>();
        if (real.isEmpty())
            return out;
        if (callanish) {
            out.add(String.join(" ", real));
            // Cairn's canonical order of the two additions may be the other one.
            if (real.size() == 3)
                out.add(real.get(0) + " " + real.get(2) + " " + real.get(1));
            return out;
        }
        final String[] first = real.get(0).split(">");
        final int df = Math.abs(first[0].charAt(0) - first[1].charAt(0));
        final int dr = Math.abs(Integer.parseInt(first[0].substring(1)) - Integer.parseInt(first[1].substring(1)));
        if (real.size() == 1 && df <= 1 && dr <= 1) {
            out.add(first[0] + "-" + first[1]);
            return out;
        }
        final StringBuilder b = new StringBuilder(first[0]);
        for (final String s : real)
            b.append('x').append(s.split(">")[1]);
        out.add(b.toString());
        return out;
    }

    public static void main(final String[] args) throws Exception {
        final String which = args[0];
        final String agentName = args[1];
        final int games = Integer.parseInt(args[2]);
        final int thinkMs = Integer.parseInt(args[3]);
        final String binary = args[4];
        final long seed = args.length > 5 ? Long.parseLong(args[5]) : 1;
        final int firstGame = args.length > 6 ? Integer.parseInt(args[6]) : 0;
        final boolean callanish = which.equals("callanish");
        final Game game = callanish
                ? GameLoader.loadGameFromName("Callanish.lud", Arrays.asList("Board Size/9x9"))
                // Murray's ruleset = "no forced capture, sequence allowed" = Cairn's basic
                : GameLoader.loadGameFromName("Alquerque.lud", "Ruleset/Murray (Suggested)");
        final String cairnGame = callanish ? "callanish size=9" : "alquerque rules=basic";
        final double think = thinkMs / 1000.0;
        final String side = System.getProperty("cairn.side", "");
        final String openingText = System.getProperty("cairn.opening", "");
        final String[] opening = openingText.isEmpty() ? new String[0] : openingText.split(",");

        try (Cairn cairn = new Cairn(binary)) {
            for (int g = firstGame; g < firstGame + games; g++) {
                // Ludii's player 1 is White, who starts.
                final int cairnSeat = side.equals("white") ? 1 : side.equals("black") ? 2 : (g % 2 == 0 ? 1 : 2);
                final AI ai = agentName.equals("uct") ? MCTS.createUCT() : new AlphaBetaSearch();
                final Context context = new Context(game, new Trial(game));
                game.start(context);
                ai.initAI(game, 3 - cairnSeat);
                final long began = System.nanoTime();
                String error = null;
                String cairnOver = null;
                final List<String> record = new ArrayList<>(); // the turns played, in Cairn's notation
                int turns = 0;
                long ludiiNanos = 0, cairnNanos = 0;
                int ludiiTurns = 0, cairnTurns = 0;
                try {
                    final String ok = cairn.ask("new " + cairnGame);
                    if (!ok.equals("ok"))
                        throw new Abort("cairn: `new` got `" + ok + "`");
                    while (cairnOver == null && !context.trial().over()) {
                        final int mover = context.state().mover();
                        final Set<String> cairnLegal = cairn.legal();
                        String turn;
                        if (turns < opening.length) {
                            // A forced opening turn, for whichever side moves.
                            turn = opening[turns];
                            if (!cairnLegal.contains(turn))
                                throw new Abort("opening turn `" + turn + "` is not in Cairn's legal list");
                            applyToLudii(game, context, turn, mover, callanish);
                        } else if (mover == cairnSeat) {
                            final long t0 = System.nanoTime();
                            final String reply = cairn.ask("go " + thinkMs + " " + (seed ^ ((long) g << 32) ^ turns));
                            // Level 5 stops at its playout cap, often before the deadline.
                            cairnNanos += System.nanoTime() - t0;
                            cairnTurns++;
                            if (!reply.startsWith("turn "))
                                throw new Abort("cairn: `go` got `" + reply + "`");
                            turn = reply.substring(5);
                            if (!cairnLegal.contains(turn))
                                throw new Abort("cairn chose `" + turn + "`, not in its own legal list");
                            applyToLudii(game, context, turn, mover, callanish);
                        } else {
                            final long t0 = System.nanoTime();
                            final List<String> steps = new ArrayList<>();
                            int decision = 0;
                            while (!context.trial().over() && context.state().mover() == mover) {
                                final double left = think - (System.nanoTime() - t0) / 1e9;
                                final double budget = callanish
                                        ? (steps.isEmpty() && turns < 2 ? think : left / (3 - decision))
                                        : (decision == 0 ? 0.75 * think : left / 2);
                                final Move m = ai.selectAction(game, new Context(context), Math.max(budget, 0.05), -1, -1);
                                // The agent's move must be one of the legal list, like Cairn's.
                                final String d = describe(context, m, callanish);
                                game.apply(context, find(game, context, d, callanish));
                                steps.add(d);
                                decision++;
                            }
                            ludiiNanos += System.nanoTime() - t0;
                            ludiiTurns++;
                            turn = null;
                            final List<String> candidates = toCairn(steps, callanish);
                            for (final String c : candidates)
                                if (cairnLegal.contains(c))
                                    turn = c;
                            if (turn == null)
                                throw new Abort("Ludii's turn " + steps + " (read as " + candidates
                                        + ") is not in Cairn's legal list");
                        }
                        record.add(turn);
                        final String played = cairn.ask("play " + turn);
                        if (played.startsWith("over"))
                            cairnOver = played.substring(5);
                        else if (!played.equals("ok"))
                            throw new Abort("cairn: `play " + turn + "` got `" + played + "`");
                        turns++;
                    }
                } catch (final Abort e) {
                    error = e.getMessage();
                }
                final boolean ludiiOver = context.trial().over();
                // Ludii's verdict in Cairn's seat names: player 1 = white.
                String ludiiResult = null;
                if (ludiiOver) {
                    final int w = context.trial().status().winner();
                    ludiiResult = w == 0 ? "draw" : (w == 1 ? "white" : "black");
                }
                final String cairnResult = cairnOver == null ? null : cairnOver.split(" ")[0];
                final String endedBy = error != null ? "error"
                        : cairnOver != null && ludiiOver ? "both" : cairnOver != null ? "cairn" : "ludii";
                final String result = cairnResult != null ? cairnResult : ludiiResult;
                final String cairnColour = cairnSeat == 1 ? "white" : "black";
                final String score = result == null ? "none"
                        : result.equals("draw") ? "draw" : result.equals(cairnColour) ? "win" : "loss";
                System.out.println("{\"game\":" + json(which) + ",\"agent\":" + json(agentName) + ",\"index\":" + g
                        + ",\"cairn\":" + json(cairnColour) + ",\"turns\":" + turns
                        + ",\"opening\":" + opening.length
                        + ",\"ended_by\":" + json(endedBy) + ",\"cairn_says\":" + (cairnOver == null ? "null" : json(cairnOver))
                        + ",\"ludii_says\":" + (ludiiResult == null ? "null" : json(ludiiResult))
                        + ",\"agree\":" + (endedBy.equals("both") ? String.valueOf(cairnResult.equals(ludiiResult)) : "null")
                        + ",\"cairn_score\":" + json(score)
                        + ",\"ludii_ms_a_turn\":" + (ludiiTurns == 0 ? 0 : ludiiNanos / 1_000_000 / ludiiTurns)
                        + ",\"cairn_ms_a_turn\":" + (cairnTurns == 0 ? 0 : cairnNanos / 1_000_000 / cairnTurns)
                        + ",\"seconds\":" + String.format(Locale.ROOT, "%.1f", (System.nanoTime() - began) / 1e9)
                        + ",\"error\":" + (error == null ? "null" : json(error))
                        + ",\"record\":[" + String.join(",", record.stream().map(LudiiMatch::json).toList()) + "]}");
                System.out.flush();
                System.err.printf("%s vs %s game %d: cairn %s, %s after %d turns (%s)%n", which, agentName, g,
                        cairnColour, score, turns, error == null ? endedBy : "ERROR " + error);
                ai.closeAI();
            }
        }
        System.exit(0); // Ludii's agents may leave thread pools behind
    }
}
