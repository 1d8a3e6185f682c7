# Alquerque: las palabras del juego.

alquerque-title = Alquerque
alquerque-summary = Tablero de 5 x 5 con diagonales que pasan por un punto de cada dos, 12 fichas por jugador; empiezan las Blancas. Mueve a un punto vacío adyacente siguiendo una línea, o captura saltando sobre una ficha contraria adyacente hasta el punto vacío de detrás; la misma ficha puede seguir saltando (una cadena) y cambiar de dirección. rules=bell (por defecto): las capturas son obligatorias y una cadena debe seguir mientras pueda; no se puede mover hacia atrás; no se puede volver directamente al punto que una ficha acaba de dejar; una ficha en la última fila solo se mueve capturando; un jugador sin jugadas legales pierde. rules=basic: movimientos en cualquier dirección y capturas opcionales; la partida termina cuando el jugador al que le toca no puede mover, tras stall=40 jugadas sin captura o cuando una posición se repite por tercera vez: entonces gana quien haya capturado más (si hay igualdad, empate). Capturar todas las fichas contrarias gana en ambas.
alquerque-notation = Un movimiento: `move b2-c3`. Una captura: `move b2xd4`; una cadena indica cada punto de llegada, `move b2xd4xb4`. También valen `b2c3` y `b2 c3`.
alquerque-option-rules = bell: capturas obligatorias y sin retroceder; basic: movimientos libres y capturas opcionales
alquerque-option-stall = jugadas sin captura que terminan una partida con basic
alquerque-view-title-bell = Alquerque (reglas de Bell)
alquerque-view-title-basic = Alquerque (reglas básicas)
alquerque-end-no-capture = ya no es posible ninguna captura (no hay jugadas legales o una posición se ha visto por tercera vez)
