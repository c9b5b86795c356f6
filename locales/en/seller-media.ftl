# seller-media.ts
## (plain)
seller-media-name = { $media ->
    [photo] photo
    [video] video
    [videoNote] video message
    [voice] voice message
    [audio] audio file
    [animation] GIF
    [document] file
   *[sticker] sticker
}
seller-media-media-not-sent = Not sent: the store takes only text, so this { seller-media-name } cannot reach the buyer. Write your answer as text.
seller-media-media-caption-sent = The store takes only text: this { seller-media-name } does not reach the buyer. Its caption is sent as text.
