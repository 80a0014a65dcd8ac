"""The site report: one computation for the screen and the files (PDF, workbook), its fonts and texts, and the
scheduled and immediate mails."""
