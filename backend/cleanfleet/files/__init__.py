"""Files and the knowledge base (/file/*, pages file/file_list and file/knowledge): named, categorised files."""
