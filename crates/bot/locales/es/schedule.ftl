# Lo que el planificador dice por su cuenta: recordatorios de turno,
# derrotas por tiempo, desafíos que caducan sin respuesta.

schedule-reminder = { $player }, te toca en { $game } contra { $opponent }: tienes { $left } para jugar.
schedule-reminder-last = { $player }, solo tienes { $left } para tu turno en { $game } contra { $opponent }; si se te acaba, pierdes la partida por tiempo.
schedule-lost-on-time = { $loser } se quedó sin tiempo. { $winner } gana por tiempo.
schedule-challenge-expired-open = El desafío abierto de { $challenger } ({ $game }) ha caducado: nadie lo aceptó en un plazo de { $within }.
schedule-challenge-expired = El desafío de { $challenger } a { $challenged } ({ $game }) ha caducado: no se respondió en un plazo de { $within }.
# Avisos que el bot no pudo publicar en su canal (allí solo puede
# responder), contados al principio de la siguiente respuesta.
schedule-meanwhile = Mientras tanto (hace { $ago }): { $news }
