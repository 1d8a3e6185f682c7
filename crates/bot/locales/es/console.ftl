# Las líneas propias de la consola.

console-greeting = Consola de Cairn. Eres { $name } en #{ $channel }. `/as <nombre>` para cambiar de jugador, `/channel <nombre>` para cambiar de canal, `help` para los comandos, `/quit` para salir.
console-help = Comandos de la consola: `/as <nombre>` habla como otro jugador, `/channel <nombre>` pasa a otro canal (una partida por canal), `/quit` sale (también Ctrl-D). Las flechas arriba y abajo recuperan líneas anteriores.
console-log-file = El registro se escribe en { $path } (con RUST_LOG se muestra aquí).
console-as-usage = Escribe `/as <nombre>`, p. ej. `/as bob`.
console-as-refused = { $problem } Sigues siendo { $name }.
console-as-done = Ahora eres { $name }.
console-channel-usage = Escribe `/channel <nombre>`, p. ej. `/channel games`.
console-channel-refused = { $problem } Sigues en #{ $channel }.
console-channel-done = Ahora en #{ $channel }.
console-name-too-long = Ese nombre tiene { $count } caracteres; los nombres tienen como máximo { $max }.
console-name-control = Los nombres no pueden contener caracteres de control (como NUL o tabuladores).
console-line-too-long = Esa línea tenía { $bytes } bytes; las líneas de más de { $max } bytes se ignoran.
# Alrededor de una respuesta: solo la ve quien preguntó, archivos escritos, botones.
console-only-you = (solo tú)
console-board-image = [imagen del tablero: { $path }]
console-no-board-image = [sin imagen del tablero: { $problem }]
console-file = [{ $file }: { $path }]
console-file-not-written = [{ $file } no se escribió: { $problem }]
console-answer-with = (responde con: { $commands })
