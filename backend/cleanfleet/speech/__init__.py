"""Text to speech (/tencent/ttsUrl): audio in the console's languages from an offline engine or a cloud voice."""
