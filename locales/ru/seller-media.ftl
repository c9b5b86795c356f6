# seller-media.ts
## plain
seller-media-name = { $media ->
    [photo] фото
    [video] видео
    [videoNote] видеосообщение
    [voice] голосовое сообщение
    [audio] аудиофайл
    [animation] GIF
    [document] файл
   *[sticker] стикер
}
seller-media-media-not-sent = Не отправлено: магазин принимает только текст, поэтому { seller-media-name } не дойдёт до покупателя. Напишите ответ текстом.
seller-media-media-caption-sent = Магазин принимает только текст: { seller-media-name } до покупателя не дойдёт. Подпись отправлена текстом.
