# Los comandos: nombres, descripciones, argumentos, opciones y ayuda.
# Discord muestra `command-*`, `arg-*` y `choice-*` (100 caracteres como
# máximo; los nombres, 32, en minúsculas y sin espacios).

help-head = Cairn juega siete juegos de tablero en el chat. Comandos:
help-line = - `{ $usage }`: { $description }
help-foot = Empieza con `challenge { $starter } <oponente>` o con `rules`. En una partida, `pick` te deja jugar sin conocer la notación.
help-command = `{ $usage }`: { $description }.
help-no-such-command = No existe el comando `{ $word }`{ $hint }. Comandos: { $commands }.
help-did-you-mean = {" "}(¿querías decir `{ $command }`?)
command-did-you-mean = {" "}¿Querías decir `{ $command }`?
# Otras palabras que llaman a los comandos, `palabra:comando`.
command-more-words = mover:move mueve:move juega:move retar:challenge reto:challenge acepto:accept rechazo:decline deshacer:undo tablas:draw rendirse:resign ver:board
command-write-move = {" "}Para hacer una jugada, escribe `move { $turn }`.
command-unknown = No conozco el comando `{ $word }`.{ $hint } Comandos: { $commands }.
command-too-long = Ese comando tiene { $length } caracteres; leo comandos de { $limit } caracteres como máximo.
command-key-twice = La opción `{ $key }` aparece dos veces; indica cada opción una sola vez.
command-unknown-key = `{ $command }` no tiene la opción `{ $key }`; admite { $keys }. Escribe `{ $usage }`.
command-missing = Escribe `{ $usage }`.
command-unexpected = Aquí no entiendo `{ $word }`. Escribe `{ $usage }`.

command-challenge-name = desafiar
command-challenge = desafía a alguien (o al bot, o a cualquiera) a una partida en este canal
command-challenge-details = Juegos: { $games }. Las opciones son las de cada juego (mira `rules <juego>`). `as=` elige tu color (por defecto, juegas primero); `level=` fija la fuerza del bot cuando lo desafías; `clock=` fija el tiempo de cada turno (`3d`), o una reserva que gana tiempo con cada turno sin pasar nunca de la inicial (`7d+1d`), o `none`. Unidades: { $units }; el reloj más corto es de { $minimum } por turno. Quien se queda sin tiempo pierde; llegan recordatorios a mitad del tiempo y cerca del final. Sin oponente el desafío es abierto: cualquiera salvo tú puede aceptarlo. Un desafío sin respuesta caduca al cabo de { $ttl }.
command-accept-name = aceptar
command-accept = acepta el desafío que te han hecho, o uno abierto
command-decline-name = rechazar
command-decline = rechaza el desafío que te han hecho
command-cancel-name = cancelar
command-cancel = retira tu propio desafío
command-rematch-name = revancha
command-rematch = juega otra vez la partida que acaba de terminar aquí, con los bandos cambiados
command-rematch-details = Durante 24 horas tras el final, cualquiera de los dos puede pedirla: el mismo juego, opciones y reloj, con los bandos cambiados, y se responde como cualquier desafío (el bot acepta al momento). Cuando empieza otra partida aquí, la anterior ya no admite revancha.
command-move-name = jugar
command-move = haz tu jugada (también `play`), p. ej. `move b2 a4 d1`
command-move-details = La notación depende del juego: `rules <juego>` la muestra y `moves` lista todas las jugadas legales.
command-pick-name = elegir
command-pick = elige tu jugada paso a paso, sin notación: `pick` y luego `pick N`
command-pick-details = `pick` lista, numerados, los primeros pasos de tu jugada (un punto, una pieza, un hoyo...); `pick N` toma el paso N y lista los siguientes, y juega la jugada cuando está completa; `pick back` deshace el último paso; `pick more` muestra la página siguiente de una lista larga. Solo puede elegir el jugador al que le toca.
command-board-name = tablero
command-board = muestra el tablero
command-moves-name = jugadas
command-moves = lista las jugadas legales y las muestra en el tablero
command-undo-name = deshacer
command-undo = pide deshacer tu última jugada
command-undo-details = También se deshace cualquier jugada posterior; el `undo` del otro jugador lo concede, y la petición caduca cuando se juega una jugada.
command-resign-name = abandonar
command-resign = abandona la partida (antes pregunta)
command-resign-details = Un segundo `resign` antes de un minuto lo confirma.
command-draw-name = empate
command-draw = ofrece un empate, o acepta el que te ofrecen
command-draw-details = Solo en los juegos que pueden acabar en empate; una oferta caduca cuando se juega la siguiente jugada.
command-rules-name = reglas
command-rules = las reglas de un juego en breve, y dónde están las completas
command-games-name = partidas
command-games = tus partidas y desafíos en todos los canales y tus últimos resultados
command-replay-name = repetición
command-replay = la partida de este canal como imagen animada, jugada a jugada
command-replay-details = También se publica cuando termina una partida.
command-export-name = exportar
command-export = el registro de la partida de este canal, en JSON y en texto
command-export-details = El JSON sigue el formato de Abstract Play.
command-rating-name = puntuación
command-rating = tus puntuaciones (o las de otro jugador), Glicko-2 por juego
command-rating-details = Cuentan las partidas entre dos personas en las que cada jugador hizo al menos dos jugadas, terminen como terminen; las partidas contra el bot no cuentan. `puntuación puzzles` muestra las puntuaciones de problemas.
command-leaderboard-name = clasificación
command-leaderboard = los mejores jugadores de un juego aquí, o en todas partes con `all`
command-leaderboard-details = Aquí es este servidor, sala o canal; `all` es todo el que juega con el bot.
command-notify-name = avisos
command-notify = cómo te enteras de que es tu turno: en el canal, por mensaje directo o de ninguna forma
command-notify-details = `on`: una mención en el canal de la partida; `dm`: un mensaje directo; `off`: sin recordatorios; `digest 08:00 Europe/Madrid`: un mensaje directo al día a esa hora local con las partidas en las que es tu turno (el recordatorio urgente llega aparte).
command-settings-name = ajustes
command-settings = los ajustes de este servidor; los cambian los miembros que pueden gestionarlo
command-settings-details = `threads=on` lleva cada partida aceptada a un hilo propio; `threads=off` deja las partidas en su canal. `web=off` quita las partidas de este servidor de las páginas web, los registros y las estadísticas; `web=on` las devuelve. `puzzle=08:00 zone=Europe/Madrid` publica un problema en este canal cada día a esa hora; `puzzle=off` lo detiene.
command-lang-name = idioma
command-lang = el idioma que hablo aquí: inglés (English), japonés (日本語) o español
command-help-name = ayuda
command-help = esta lista, o los detalles de un comando

arg-game-name = juego
arg-opponent-name = oponente
arg-options-name = opciones
arg-as-name = color
arg-clock-name = reloj
arg-level-name = nivel
arg-turn-name = jugada
arg-player-name = jugador
arg-scope-name = alcance
arg-mode-name = modo
arg-threads-name = hilos
arg-web-name = web
arg-language-name = idioma
arg-command-name = comando
arg-step-name = paso

arg-challenge-game = El juego
arg-challenge-opponent = A quién desafías (Cairn: el bot; nadie: cualquiera puede aceptar)
arg-challenge-options = Las opciones del juego como palabras clave=valor, p. ej. size=7 (se sugieren al escribir)
arg-challenge-as = Tu color (por defecto, el que juega primero)
arg-challenge-clock = Tiempo por jugada (3d), una reserva más lo que gana cada jugada (7d+1d), o none
arg-challenge-level = La fuerza del bot, de 1 (fácil) a 5 (fuerte), cuando desafías al bot
arg-move-turn = Tu jugada, p. ej. b2 a4 d1 (se sugieren las jugadas legales al escribir)
arg-pick-step = El número de un paso de la lista (o back, o more); nada: los primeros pasos
arg-rules-game = El juego (sin él, la lista de juegos)
arg-rating-player = De quién son las puntuaciones (sin él, las tuyas)
arg-rating-game = Un juego (sin él, todos)
arg-leaderboard-game = El juego
arg-leaderboard-scope = Este servidor (por defecto) o todos los que juegan con el bot
arg-notify-mode = Cómo te llegan los recordatorios de turno (sin él, ves la opción actual)
arg-settings-threads = Lleva cada partida aceptada a un hilo propio (sin él, ves los ajustes)
arg-settings-web = Muestra las partidas de este servidor en las páginas web, los registros y las estadísticas (sin él, ves los ajustes)
arg-lang-language = El idioma de los mensajes públicos de este servidor (sin él, ves el actual)
arg-help-command = El comando que quieres que explique (sin él, la lista)

choice-as-white = Blancas (o Rojas)
choice-as-black = Negras
choice-as-random = Al azar
choice-scope-here = Este servidor
choice-scope-all = En todas partes
choice-mode-on = Una mención en el canal de la partida
choice-mode-dm = Por mensaje directo
choice-mode-off = Sin recordatorios
choice-threads-on = Sí: un hilo por partida
choice-threads-off = No: las partidas se quedan en el canal

unknown-game = No hay ningún juego llamado `{ $name }`.{ $close } Los juegos son { $games }.
unknown-game-close = {" "}¿Querías decir `{ $game }`?

command-vacation-name = vacaciones
command-vacation = tus vacaciones: mientras estás fuera, tus relojes se detienen y no hay recordatorios
command-vacation-details = `vacation start 5d` las empieza ahora (`vacation start` solo dura hasta `vacation end`), `vacation from 2026-12-20 7d` las prevé, `vacation end` las termina o cancela, `vacation auto on` gasta una hora solo cuando tu tiempo se agotaría. Cada jugador tiene unos días de vacaciones al año; las partidas creadas con `vacation=no` nunca se detienen.
arg-when-name = qué
arg-vacation-when = start [N]d, from <año-mes-día> [N]d, end o auto on|off (sin nada: cómo estás)
arg-vacation-name = vacaciones
arg-challenge-vacation = no: los relojes de la partida nunca se detienen por vacaciones (para torneos)
choice-vacation-yes = Sí: los relojes se detienen durante las vacaciones
choice-vacation-no = No: los relojes nunca se detienen
# Torneos (#39).
command-tournament-name = torneo
command-tournament = organiza, únete, empieza o sigue un torneo de este canal
command-tournament-details = `tournament create <juego> [format=roundrobin|double|swiss] [rounds=N] [clock=3d] [max=N] [starts=2h|manual] [key=value ...]` organiza uno (cualquiera puede); `join` y `leave` entran y salen (quien sale pierde por incomparecencia las partidas aún no jugadas); quien lo organiza o quienes gestionan el servidor lo empiezan con `start` o lo cancelan con `cancel`; `standings` muestra la clasificación. Todos contra todos admite de 3 a 16 jugadores (cada uno contra cada otro; `double`: dos veces, con los colores cambiados), el suizo hasta 64 (por defecto, las rondas necesarias para un ganador). Cada partida empieza sola en su propio canal o hilo con el reloj y las opciones del torneo, y puntúa en el ranking como cualquier otra; una ronda acaba cuando acaban sus partidas, y la siguiente se empareja al momento. Los empates se deshacen con Sonneborn-Berger (todos contra todos) o con Buchholz y luego Sonneborn-Berger (suizo).
command-tournaments-name = torneos
command-tournaments = los torneos de este canal
arg-action-name = accion
arg-format-name = formato
arg-rounds-name = rondas
arg-max-name = maximo
arg-starts-name = comienzo
arg-tournament-action = Qué hacer: create, join, leave, start, standings o cancel
arg-tournament-game = El juego del torneo (create)
arg-tournament-options = Las opciones del juego como palabras clave=valor, p. ej. size=7 (create)
arg-tournament-format = Todos contra todos, a doble vuelta o suizo (create)
arg-tournament-rounds = Cuántas rondas tiene un suizo (create; por defecto, las necesarias para un ganador)
arg-tournament-clock = El reloj de las partidas: tiempo por jugada (3d), una reserva más un aumento (7d+1d), o none
arg-tournament-max = El máximo de jugadores (create)
arg-tournament-starts = Cuándo empieza solo (2h, 1d), o manual (create)
choice-action-create = Organizar
choice-action-join = Unirse
choice-action-leave = Salir
choice-action-start = Empezar
choice-action-standings = Clasificación
choice-action-cancel = Cancelar
choice-format-roundrobin = Todos contra todos
choice-format-double = A doble vuelta
choice-format-swiss = Suizo
command-premove-name = premover
command-premove = jugadas condicionales: si tu rival juega esto, responde aquello al momento
command-premove-details = `premove e4 f5 g6 h7` guarda una línea (hasta 6 pares: su turno, tu respuesta); varias líneas forman un árbol. Cada línea se comprueba con las reglas al escribirla. Cuando tu rival juega el turno con el que empieza una línea, tu respuesta se juega al momento; un turno fuera de todas las líneas las borra y se te avisa en privado. Nadie más ve tus líneas. `premove clear` las borra.
command-premoves-name = premovidas
command-premoves = tus jugadas condicionales en esta partida, en privado
command-autoplay-name = autojugar
command-autoplay = juega tu turno por ti cuando es el único legal
command-autoplay-details = `autoplay on`: cuando tienes exactamente una jugada legal, se juega al momento y se anuncia como forzada; `autoplay off` (por defecto) te espera. Abandonar y las tablas nunca se fuerzan.
arg-line-name = línea
arg-switch-name = interruptor
arg-premove-line = Su turno, después tu respuesta, etc. (separa los turnos con comas si llevan espacios), o clear
arg-autoplay-switch = on u off (sin nada: el ajuste actual)
choice-switch-on = Activado
choice-switch-off = Desactivado
command-next-name = siguiente
command-next = el tablero de tu partida más urgente en la que es tu turno, con un enlace a ella
arg-at-name = hora
arg-notify-at = Con digest: la hora del día, HH:MM, y tu zona horaria (p. ej. 08:00 Europe/Madrid; por defecto UTC)
choice-mode-digest = Un resumen diario por mensaje directo

command-review-name = revisar
command-review = el veredicto del resolutor sobre una partida terminada y los turnos que cambiaron quién gana
command-review-details = `revisar` mira la última partida terminada en este canal; `revisar <id>`, cualquier partida por el identificador del final de la dirección de su página web. Cada posición al alcance del resolutor dentro del presupuesto queda demostrada (victoria en N, derrota en N, tablas); un turno que cambió quién gana se nombra con otro que mantenía el resultado. Las partidas en juego no se revisan.
arg-review-game = El identificador de una partida (si falta, la última de este canal)
command-puzzle-name = problema
command-puzzle = un problema de partidas reales: ganar en pocos turnos con un único primer turno bueno
command-puzzle-details = `problema` muestra tu problema (o uno nuevo), `problema <juego>` o `problema new` uno nuevo, `problema <turno>` responde (o usa `elegir`). Una respuesta correcta sigue contra la mejor defensa del resolutor hasta la victoria; una incorrecta termina el problema. Los problemas resueltos y fallados te puntúan a ti y al problema (Glicko-2): `puntuación puzzles`.
arg-puzzle-answer = Tu respuesta (un turno), un juego para un problema nuevo, new o rating
arg-settings-puzzle = Publicar aquí un problema cada día a esta hora (HH:MM), u off
arg-settings-zone = La zona horaria de la hora del problema del día (nombre IANA, p. ej. Europe/Madrid; UTC si falta)
arg-answer-name = respuesta
arg-puzzle-name = problema
arg-zone-name = zona
