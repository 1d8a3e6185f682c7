import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import game.Game;
import other.GameLoader;
import other.context.Context;
import other.trial.Trial;

/**
 * Random playouts of one Ludii game, as Ludii's own random playout runs
 * them (uniform random moves, no AI): warm up, then count whole playouts
 * from the start for a fixed CPU time. Prints "playouts per CPU-second".
 *
 * Usage: LudiiPlayouts <game.lud> [option or "Ruleset/..."] [warm-up s] [measure s]
 */
public class LudiiPlayouts {
    public static void main(final String[] args) {
        final String name = args[0];
        final String choice = args.length > 1 ? args[1] : "";
        final double warmUp = args.length > 2 ? Double.parseDouble(args[2]) : 5.0;
        final double measure = args.length > 3 ? Double.parseDouble(args[3]) : 10.0;
        final Game game;
        if (choice.startsWith("Ruleset/")) {
            game = GameLoader.loadGameFromName(name, choice);
        } else {
            final List<String> options = choice.isEmpty() ? new ArrayList<>() : Arrays.asList(choice);
            game = GameLoader.loadGameFromName(name, options);
        }
        final Context context = new Context(game, new Trial(game));
        final ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        run(game, context, cpu, warmUp);
        final long[] result = run(game, context, cpu, measure);
        final double seconds = result[1] / 1e9;
        System.out.printf("%s %s: %d playouts in %.2f CPU s, %.0f playouts per CPU-second, %.1f moves per playout%n",
                name, choice, result[0], seconds, result[0] / seconds, (double) result[2] / result[0]);
    }

    /** Playouts for `limit` CPU seconds: {playouts, CPU ns, moves}. */
    private static long[] run(final Game game, final Context context, final ThreadMXBean cpu, final double limit) {
        final long began = cpu.getCurrentThreadCpuTime();
        final long end = began + (long) (limit * 1e9);
        long playouts = 0;
        long moves = 0;
        long now = began;
        while (now < end) {
            game.start(context);
            final Trial trial = game.playout(context, null, 1.0, null, -1, -1, ThreadLocalRandom.current());
            moves += trial.numberRealMoves();
            playouts++;
            now = cpu.getCurrentThreadCpuTime();
        }
        return new long[] { playouts, now - began, moves };
    }
}
