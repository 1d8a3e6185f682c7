# Palabras comunes a todos los juegos. Las coordenadas y las jugadas no se traducen.

turn-game-over = La partida ha terminado: ya no se pueden jugar más turnos.
turn-refused = { $reason }
