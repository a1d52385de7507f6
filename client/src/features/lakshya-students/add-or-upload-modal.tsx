import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';

export interface AddOrUploadModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpload: () => void;
  onAddOne: () => void;
}

/** Add/Upload Student Data: one student by hand, or a CSV of many. */
export function AddOrUploadModal({ open, onOpenChange, onUpload, onAddOne }: AddOrUploadModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add/Upload Student Data</DialogTitle>
          <DialogDescription>Add one student by hand, or upload a CSV of many.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              onOpenChange(false);
              onUpload();
            }}
          >
            Upload a CSV
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              onAddOne();
            }}
          >
            Add one student
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
AddOrUploadModal.displayName = 'AddOrUploadModal';
